// The browser's Zod setting (src/instrumentation-client.ts) is written where Zod reads it, before
// Zod loads: Zod adopts it and skips its eval probe (which the Content-Security-Policy reports).
import { describe, expect, it, vi } from 'vitest';

describe('the browser settings for Zod', () => {
  it('reach Zod when set before it loads', async () => {
    vi.resetModules();
    const before = globalThis.__zod_globalConfig;
    delete globalThis.__zod_globalConfig;
    try {
      await import('./instrumentation-client');
      const { config } = await import('zod/mini');
      expect(config().jitless).toBe(true);
    } finally {
      globalThis.__zod_globalConfig = before;
    }
  });
});
