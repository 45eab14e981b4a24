// A policy's token bucket shared by every server instance (Firebase backend, issue 47), kept in
// the documents store as claimed time cells, so that no two instances spend the same token.
//
// The bucket as cells: time is cut into cells of 1/perMinute minutes, and each admitted request
// claims one cell of its key by creating `rateLimits/{policy}_{keyHash}_{cell}`. A request at time
// t may claim the earliest unclaimed cell among the `burst` cells starting with t's own: an idle
// key has `burst` cells free (the full bucket), a key that spent them gets one more per cell
// length (the refill). That is the in-memory bucket of ./rate-limit.ts in whole cells: in any
// interval of length D at most burst + ceil(D × perMinute) requests pass, one more than the
// bucket's burst + D × perMinute at most. A create is atomic on Firestore (and on the stand-in,
// decision 019), so two instances racing for one cell admit one request; the other moves on.
//
// The local state per key is only the next cell worth trying. It never admits by itself (every
// admission is a created cell: zero extra per instance), it spares the store the refused requests
// of a flood (refused here while the next cell lies beyond the burst), and after a collision one
// count of the key's cells from now on tells where the others have got to.
import 'server-only';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, isDocumentsError, type Documents } from '@/server/documents/port';

/**
 * One admitted request. `expiresAt` is the end of its cell, after which nothing reads it: the
 * collection's TTL policy on that field deletes it (prisma-free-docs/decisions/016, amended).
 */
export const RateLimitCells = defineCollection(
  'rateLimits',
  z.object({
    /** `{policy}_{keyHash}`: the key is kept as a keyed hash, never as the address or account it is. */
    scope: z.string(),
    cell: z.number().int(),
    expiresAt: z.date(),
  }),
);

interface BucketPolicy {
  burst: number;
  perMinute: number;
}

type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Milliseconds of one cell: the time the bucket takes to refill one token. */
export function cellMs(policy: BucketPolicy): number {
  return 60_000 / policy.perMinute;
}

/** The cell a moment falls in. */
export function cellAt(policy: BucketPolicy, at: number): number {
  return Math.floor(at / cellMs(policy));
}

/** Whether a request at `at` may claim `cell`: it lies among the `burst` cells from now on. */
export function claimable(policy: BucketPolicy, cell: number, at: number): boolean {
  const current = cellAt(policy, at);
  return cell >= current && cell < current + policy.burst;
}

/** Seconds until `cell`, the earliest unclaimed one, comes within the burst (at least 1). */
export function retryAfterSeconds(policy: BucketPolicy, cell: number, at: number): number {
  const opensAt = (cell - policy.burst + 1) * cellMs(policy);
  return Math.max(1, Math.ceil((opensAt - at) / 1000));
}

/** The key as stored: a keyed hash (128 bits), so no address, e-mail or account id is kept in clear. */
export function keyHash(secret: Uint8Array, policy: string, key: string): string {
  return createHmac('sha256', secret).update(`${policy}\0${key}`).digest('base64url').slice(0, 22);
}

interface KeyState {
  /** The earliest cell not known to be claimed. */
  next: number;
  /** A count of the key's cells under way, which concurrent collisions wait for together. */
  counting?: Promise<void>;
}

export class SharedRateLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly documents: Documents,
    readonly name: string,
    readonly policy: BucketPolicy,
    private readonly secret: Uint8Array,
    private readonly now: () => number = () => Date.now(),
    /** Keys remembered; a forgotten one costs a count at its next collision, never a request too many. */
    private readonly maxKeys = 10_000,
  ) {}

  async take(key: string): Promise<Decision> {
    const scope = `${this.name}_${keyHash(this.secret, this.name, key)}`;
    const state = this.stateOf(scope);
    for (;;) {
      const at = this.now();
      // Every pass tries a later cell than the last (next moves past it before the create), so
      // the loop ends within burst + 1 passes however the instances race.
      const cell = Math.max(state.next, cellAt(this.policy, at));
      if (!claimable(this.policy, cell, at)) return { allowed: false, retryAfterSeconds: retryAfterSeconds(this.policy, cell, at) };
      state.next = cell + 1;
      try {
        await this.documents
          .collection(RateLimitCells)
          .doc(`${scope}_${cell}`)
          .create({ scope, cell, expiresAt: new Date((cell + 1) * cellMs(this.policy)) });
        return { allowed: true };
      } catch (error) {
        if (!isDocumentsError(error, 'already-exists')) throw error;
        await this.count(scope, state);
      }
    }
  }

  /** Learns how far the key's cells are claimed: they run on from the current cell without gaps. */
  private count(scope: string, state: KeyState): Promise<void> {
    state.counting ??= (async () => {
      const current = cellAt(this.policy, this.now());
      const claimed = await this.documents.collection(RateLimitCells).where('scope', '==', scope).where('cell', '>=', current).count();
      state.next = Math.max(state.next, current + claimed);
    })().finally(() => {
      state.counting = undefined;
    });
    return state.counting;
  }

  private stateOf(scope: string): KeyState {
    const state = this.keys.get(scope) ?? { next: Number.NEGATIVE_INFINITY };
    // Re-inserted, so the map's order is least recently used first.
    this.keys.delete(scope);
    this.keys.set(scope, state);
    if (this.keys.size > this.maxKeys) this.keys.delete(this.keys.keys().next().value!);
    return state;
  }
}
