// Which Chromium the browser tests drive: the one CHROMIUM_PATH names, else Debian's, else
// Playwright's own download. Shared by playwright.config.ts and scripts/ensure-browser.ts (which
// installs one when none is there), so both agree.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own Chromium, where `npx playwright install chromium` put it. */
export function playwrightChromium(): string | null {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** The browser the tests run in, or null when this machine has none yet. */
export function findChromium(): string | null {
  const named = process.env.CHROMIUM_PATH;
  if (named) return existsSync(named) ? named : null;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}
