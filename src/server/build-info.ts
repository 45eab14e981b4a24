// The id of the running build, inlined by next.config.mjs; clients compare it with their own.
export const BUILD_ID: string = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

/** When the running build was made (inlined by next.config.mjs); the start of this process otherwise. */
export const BUILD_TIME: Date = new Date(process.env.APP_BUILD_TIME ?? Date.now());
