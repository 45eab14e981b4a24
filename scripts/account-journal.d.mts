// Types of ./account-journal.mjs for the tests that import it.
import type { Server } from 'node:http';
import type { GuardPolicy } from './emulator-guard.mjs';

export interface AccountSnapshot {
  users: Record<string, unknown>[];
  config: unknown;
  recovered: string | null;
}
export function changesAccounts(method: string, url: string): boolean;
export function snapshotPaths(authDir: string): { accounts: string; config: string; metadata: string; previous: string; previousConfig: string };
export function writeFileAtomic(path: string, text: string): void;
export function loadSnapshot(authDir: string, now?: Date): AccountSnapshot;
export function saveSnapshot(authDir: string, accountsText: string, configText: string | null): void;
export function restoreIntoEmulator(upstream: string, projectId: string, snapshot: AccountSnapshot): Promise<void>;
export function accountJournal(options: { upstream: string; projectId: string; authDir: string; onError?: (error: Error) => void }): {
  snapshot(): Promise<void>;
  proxy(listenHost: string, listenPort: number, policy?: GuardPolicy): Promise<Server>;
  stats: { snapshots: number; written: number; millis: number };
};
