// "Reload at most once per path per 10 seconds" (specification): remembers when each path was last
// reloaded for a new version, so a reload that lands on an old version cannot loop.
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = 'app:version-reloads';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function readLog(storage: Store): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Returns true and records the reload when `path` may be reloaded now. */
export function claimReload(path: string, now: number, storage: Store): boolean {
  const log = readLog(storage);
  const last = log[path];
  if (typeof last === 'number' && now - last < RELOAD_GUARD_MS && now >= last) return false;
  const pruned = Object.fromEntries(Object.entries(log).filter(([, at]) => now - at < RELOAD_GUARD_MS));
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...pruned, [path]: now }));
  return true;
}
