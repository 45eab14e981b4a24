// Types of ./compile-hints.mjs for the tests that import it.
export const COMPILE_HINT: string;
export function startScripts(buildFolder: string): string[];
export function markScript(path: string): boolean;
