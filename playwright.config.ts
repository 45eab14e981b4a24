// Browser tests against the production build, in Debian's Chromium (Playwright cannot download
// browsers here). `E2E_BASE_URL` points the tests at a server that is already running instead.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;

export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Workers precache the whole build on each fresh context; only the PWA tests need them.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: `npm run build && npm run start -- -p ${PORT}`,
        url: `${baseURL}/api/trpc/health.check`,
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        // A fresh data directory and an Auth emulator port of its own for every run.
        env: {
          SITE_URL: baseURL,
          NEXT_TELEMETRY_DISABLED: '1',
          DATA_DIR: (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'venue-e2e-'))),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.E2E_AUTH_EMULATOR_HOST ?? '127.0.0.1:9299',
        },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
