// The generation of the embedded backend's accounts: the identity of the account journal's newest
// snapshot (scripts/account-journal.mjs), which is replaced (a new file renamed over the old, so a
// new inode) before any change of an account is acknowledged, and only then (decision 029).
import 'server-only';
import { statSync } from 'node:fs';
import type { AccountsGeneration } from './account-states';

/** Reads `snapshotFile`'s identity on each call (one stat, a few microseconds); undefined while it is missing. */
export function journalGeneration(snapshotFile: string): AccountsGeneration {
  return () => {
    try {
      const stats = statSync(snapshotFile, { bigint: true });
      return `${stats.dev}:${stats.ino}:${stats.mtimeNs}:${stats.size}`;
    } catch {
      return undefined;
    }
  };
}
