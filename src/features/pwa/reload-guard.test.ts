import { describe, expect, it } from 'vitest';
import { claimReload, RELOAD_GUARD_MS } from './reload-guard';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('claimReload', () => {
  it('allows one reload per path within 10 seconds', () => {
    const storage = memoryStorage();
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(claimReload('/events', 1_000, storage)).toBe(true);
    expect(claimReload('/events', 5_000, storage)).toBe(false);
    expect(claimReload('/events', 10_999, storage)).toBe(false);
    expect(claimReload('/events', 11_000, storage)).toBe(true);
  });

  it('guards each path on its own', () => {
    const storage = memoryStorage();
    expect(claimReload('/events', 1_000, storage)).toBe(true);
    expect(claimReload('/about', 1_500, storage)).toBe(true);
  });

  it('survives unreadable storage', () => {
    expect(claimReload('/', 0, memoryStorage({ 'app:version-reloads': '{oops' }))).toBe(true);
  });

  it('forgets entries older than the guard', () => {
    const storage = memoryStorage();
    claimReload('/a', 0, storage);
    claimReload('/b', 20_000, storage);
    expect(JSON.parse(storage.getItem('app:version-reloads')!)).toEqual({ '/b': 20_000 });
  });
});
