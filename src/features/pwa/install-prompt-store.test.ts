import { describe, expect, it } from 'vitest';
import { INSTALL_DISMISSED_KEY, isInstallPromptDismissed, rememberInstallPromptDismissed } from './install-prompt-store';

describe('install prompt dismissal', () => {
  it('is remembered in storage with its time', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    expect(isInstallPromptDismissed(storage)).toBe(false);
    rememberInstallPromptDismissed(storage, new Date('2026-11-21T20:00:00Z'));
    expect(isInstallPromptDismissed(storage)).toBe(true);
    expect(data.get(INSTALL_DISMISSED_KEY)).toBe('2026-11-21T20:00:00.000Z');
  });
});
