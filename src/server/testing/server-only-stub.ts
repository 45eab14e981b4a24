// Empty stand-in for the 'server-only' guard in unit tests (see vitest.config.ts).
