// Rate limits where guessing or flooding pays, as named policies (decision 016). A token bucket
// per key: `burst` requests at once, refilled at `perMinute`, so a queue at the door or a batch of
// uploads passes while a script that keeps going is slowed to the refill rate. The embedded
// backend is one process and holds every bucket in memory. On Firebase, where several instances
// serve one venue, the `shared` policies keep their bucket in Firestore (./shared-rate-limit.ts),
// so the limit holds across instances; the `instance` ones stay in each instance's memory, flood
// guards that let through up to N times their numbers on N instances (issue 47).
import 'server-only';
import { hkdfSync } from 'node:crypto';
import { errorMessages, requestLocale } from '@/i18n/api-messages';
import type { ErrorReason } from '@/i18n/types';
import { DomainError } from '@/server/domain-error';
import { getDocuments } from '@/server/documents/documents';
import { env } from '@/server/env';
import { SharedRateLimiter } from './shared-rate-limit';

export interface RatePolicy {
  /** Requests allowed at once, from a full bucket. */
  burst: number;
  /** Requests allowed per minute, on average, once the burst is spent. */
  perMinute: number;
  /**
   * Where the bucket lives on the Firebase backend. `shared`: in Firestore, one bucket for every
   * instance (one write per admitted request). `instance`: in each instance's memory, so N
   * instances let a client through up to N times the numbers: a flood guard, no more.
   */
  scope: 'shared' | 'instance';
}

/** The numbers, and why they are generous enough for the busiest night: see decision 016. */
export const RATE_POLICIES = {
  /**
   * POST /api/session, per client address: a venue's Wi-Fi puts hundreds of phones behind one.
   * Shared: each costs a token verification and writes, and it is the door to every account.
   */
  sessionCreation: { burst: 60, perMinute: 30, scope: 'shared' },
  /** Every tus request at /api/uploads, per account (per address before sign-in). Its route serves the embedded backend only. */
  uploads: { burst: 300, perMinute: 120, scope: 'shared' },
  /**
   * Pass scans at the door, per account and sign-in (each door phone signs in on its own).
   * Per instance, up to N× on N instances: a code carries a 96-bit MAC, so the limit only stops a
   * runaway phone, and a shared count would add a Firestore write to every scan at the door.
   */
  doorScans: { burst: 120, perMinute: 240, scope: 'instance' },
  /**
   * Door list requests, per account and sign-in (decision 053): a full list is a page per 500
   * members, tickets or admissions (about 45 for 20,000 members and a busy night), then the changes
   * once a minute. The burst holds two full lists back to back (a door that is told to start over);
   * the refill, a list's changes and a restart every few minutes, not a phone walking the list again
   * and again. Shared: a list names every member who may enter.
   */
  doorLists: { burst: 100, perMinute: 20, scope: 'shared' },
  /** Offline scans uploaded, per account and sign-in: 50 a call, every 10 s while a queue waits. Per instance, up to N× on N instances: a door's own scans, each recorded once however often sent. */
  doorUploads: { burst: 30, perMinute: 30, scope: 'instance' },
  /** Admissions by name at the door, per account and sign-in: each follows a search, as often. Shared: each answer says who a member is. */
  doorAdmits: { burst: 20, perMinute: 20, scope: 'shared' },
  /** Searches by name at the door, per account and sign-in: a few a minute when phones die. Shared: it must not walk the member list. */
  doorSearches: { burst: 20, perMinute: 20, scope: 'shared' },
  /** "Send a test to me", per admin: a few while writing, not a flood to one's own phone. Per instance, up to N× on N instances. */
  notificationTests: { burst: 10, perMinute: 6, scope: 'instance' },
  /** Push registrations, per account: every start of the app on each of a person's devices. Per instance, up to N× on N instances. */
  pushRegistrations: { burst: 20, perMinute: 10, scope: 'instance' },
  /**
   * Profile photos set, per account: each decodes a picture. A few tries in a row while choosing
   * one, then one a minute (the uploads' own quota is 20 a day). Per instance, up to N× on N
   * instances: it guards each instance's own CPU, which is what a shared count would not.
   */
  avatarChanges: { burst: 5, perMinute: 1, scope: 'instance' },
  /** Pass keys registered, per account: a new phone, or the pass moved back, now and then. Shared: each ends the older key's codes. */
  passKeys: { burst: 10, perMinute: 2, scope: 'shared' },
  /**
   * Sign-in links, address confirmations and password resets mailed to one address, whoever asks:
   * a few at once (a slow mail, a second click), then one every five minutes, so nobody can fill
   * a stranger's inbox with them. Shared.
   */
  authMailsToAddress: { burst: 3, perMinute: 0.2, scope: 'shared' },
  /**
   * The same mails asked for from one client address, to any addresses: a venue's Wi-Fi puts many
   * phones behind one, but a script mailing address after address is held to one every six seconds.
   * Shared.
   */
  authMailsFromClient: { burst: 30, perMinute: 10, scope: 'shared' },
  /**
   * One-click unsubscribes (POST /api/mail/unsubscribe), per account the link names: a mail
   * program posting once or twice, the person clicking the mail's link as well. Not per address:
   * Gmail and the like post from their own servers, for thousands of people at once. Per
   * instance, up to N× on N instances: a 144-bit token, and a second unsubscribe changes nothing.
   */
  unsubscribes: { burst: 10, perMinute: 5, scope: 'instance' },
  /**
   * Public tickets taken, waitlists joined and left, per account: a person presses once or twice;
   * a script with many accounts meets the per-account limit of one ticket anyway, and is slowed here.
   * Per instance, up to N× on N instances.
   */
  publicTickets: { burst: 10, perMinute: 6, scope: 'instance' },
  /** Guest-list entries added and tickets cancelled, per admin: a crew typed in one after another. Per instance, up to N× on N instances. */
  ticketAdmin: { burst: 60, perMinute: 30, scope: 'instance' },
  /**
   * Ticket pages opened (and cancelled by their holder), per client address: a guest opens theirs
   * a few times; a script guessing links is held to one every three seconds (and guesses 192 bits).
   * Per instance, up to N× on N instances: the secret, not the limit, makes guessing hopeless.
   */
  ticketPages: { burst: 30, perMinute: 20, scope: 'instance' },
  /**
   * Guests brought, per account: each may mail an address the member typed, and cancelling gives
   * the allowance back, so the allowance alone would not stop a loop of mails to a stranger. Shared.
   */
  guestsBrought: { burst: 10, perMinute: 2, scope: 'shared' },
} as const satisfies Record<string, RatePolicy>;

export type RatePolicyName = keyof typeof RATE_POLICIES;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept per policy; past it, the longest-idle bucket goes first (it was nearly full again). */
const MAX_KEYS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly policy: Pick<RatePolicy, 'burst' | 'perMinute'>,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  take(key: string): RateDecision {
    const now = this.now();
    const perMs = this.policy.perMinute / 60_000;
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(this.policy.burst, bucket.tokens + (now - bucket.at) * perMs) : this.policy.burst;
    const allowed = tokens >= 1;
    // Re-inserted, so the map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (allowed) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
  }
}

const holder = globalThis as typeof globalThis & {
  __venueRateLimiters?: Map<RatePolicyName, RateLimiter>;
  __venueSharedRateLimiters?: Map<RatePolicyName, SharedRateLimiter>;
};

/** The process's limiter for a policy (kept on globalThis, like the other singletons, across reloads). */
export function rateLimiter(name: RatePolicyName): RateLimiter {
  holder.__venueRateLimiters ??= new Map();
  let limiter = holder.__venueRateLimiters.get(name);
  if (!limiter) {
    limiter = new RateLimiter(RATE_POLICIES[name]);
    holder.__venueRateLimiters.set(name, limiter);
  }
  return limiter;
}

/**
 * The key of the stored key hashes, derived from PASS_SIGNING_KEY (required on Firebase and the
 * same on every instance, so all instances hash a key alike).
 */
function keyHashSecret(): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', Buffer.from(env.PASS_SIGNING_KEY ?? '', 'base64url'), new Uint8Array(0), 'venue rate-limit keys', 32));
}

/** A policy's decision: from Firestore for a shared policy on Firebase, else from this process. */
function take(name: RatePolicyName, key: string): RateDecision | Promise<RateDecision> {
  if (env.BACKEND !== 'firebase' || RATE_POLICIES[name].scope !== 'shared') return rateLimiter(name).take(key);
  holder.__venueSharedRateLimiters ??= new Map();
  let limiter = holder.__venueSharedRateLimiters.get(name);
  if (!limiter) {
    limiter = new SharedRateLimiter(getDocuments(), name, RATE_POLICIES[name], keyHashSecret());
    holder.__venueSharedRateLimiters.set(name, limiter);
  }
  return limiter.take(key);
}

/**
 * For route handlers: null when the request may go on, else the 429 to answer, with Retry-After
 * and the reason in the request's language.
 */
export async function limitRequest(name: RatePolicyName, key: string, request: Request): Promise<Response | null> {
  const decision = await take(name, key);
  if (decision.allowed) return null;
  const seconds = String(decision.retryAfterSeconds);
  const message = errorMessages(requestLocale(request.headers))('reasons.rateLimited', { seconds });
  return Response.json(
    { error: 'rate-limited', reason: 'rateLimited' satisfies ErrorReason, message, retryAfterSeconds: decision.retryAfterSeconds },
    { status: 429, headers: { 'retry-after': seconds, 'cache-control': 'no-store' } },
  );
}

/**
 * For procedures and domain code: throws a refusal that the API answers with 429 (tRPC's
 * TOO_MANY_REQUESTS), a Retry-After header and the client's localized reason. One line to apply:
 * `await limitRate('doorScans', deviceId)`.
 */
export async function limitRate(name: RatePolicyName, key: string): Promise<void> {
  const decision = await take(name, key);
  if (!decision.allowed) throw new DomainError('rate-limited', 'rateLimited', { seconds: String(decision.retryAfterSeconds) });
}
