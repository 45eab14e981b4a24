import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Server-only modules are tested directly in Node; the guard matters only to the bundler.
      'server-only': fileURLToPath(new URL('./src/server/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // Whatever a test writes under DATA_DIR (the pass master key, files) lands in a fresh temporary
    // folder, never in the checkout's .data.
    // The embedded store refuses a query that no declared index serves (query-indexes.ts): every
    // query the features' tests make is checked against firebase/sqlite.indexes.json.
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'venue-vitest-')), DOCUMENTS_QUERY_PLANS: 'strict' },
    // Machines here are two shared cores: tests that start real servers (tus, emulators) or load
    // ESLint get room, and a hung test still fails.
    testTimeout: 20_000,
    // Both cores: Vitest's default leaves one free (cores − 1), which ran the files one at a time
    // here (293 s; with two, 210 s on a machine shared with other work).
    maxWorkers: 2,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: on a loaded machine an aborted request's rejection
    // (the upload's pause) arrived after 1.1 s once. A condition that never holds still fails.
    expect: { poll: { timeout: 10_000 } },
  },
});
