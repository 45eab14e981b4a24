// Whether this server can serve: its store answers a read within a deadline. The liveness answer
// (health.check) says only that the process runs; a load balancer or an operator asks this one
// before sending a door's traffic. Kept to the store: the one dependency every request has, and a
// read of one document that need not exist costs one billed read at most. (Firebase Auth has no
// call as cheap that proves anything a failed sign-in would not show at once.)
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';

/** Never written: a read of it proves the store answers without reading anything of anyone. */
const ReadinessProbes = defineCollection('readinessProbes', z.object({}));

export const READINESS_DEADLINE_MS = 3_000;

export type Readiness = { ready: true; storeMs: number } | { ready: false; reason: 'store-timeout' | 'store-unavailable' };

export async function checkReadiness(documents: Documents, deadlineMs = READINESS_DEADLINE_MS): Promise<Readiness> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), deadlineMs)));
  try {
    // A read that fails after the deadline has nobody to tell.
    const read = documents.collection(ReadinessProbes).doc('probe').get().then(() => 'read' as const, () => 'failed' as const);
    const outcome = await Promise.race([read, late]);
    if (outcome === 'late') return { ready: false, reason: 'store-timeout' };
    if (outcome === 'failed') return { ready: false, reason: 'store-unavailable' };
    return { ready: true, storeMs: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
