// The id of the running build, inlined by next.config.mjs; clients compare it with their own.
export const BUILD_ID: string = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';
