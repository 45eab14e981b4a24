// bans/{id}: the house ban list (decision 052). An admin bans a person, an account or a guest's
// e-mail address, with a reason, a start and an end (or none). One document per person, on a
// fixed id (`account_<uid>`, `email_<hash of the address>`), so the door asks with a read by id,
// never a query, and a second ban of the same person changes the first. The door says only "ask the
// manager": the reason is the admins' (src/features/bans for them; src/features/door at the door).
import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, type Documents, type Transaction } from '@/server/documents/port';

// Kept here too: the lead's door code and older imports name it from this module.
export { BAN_REASON_MAX } from './constants';

export const BAN_SUBJECTS = ['account', 'email'] as const;
export type BanSubject = (typeof BAN_SUBJECTS)[number];

export const BanDocument = z.object({
  subject: z.enum(BAN_SUBJECTS),
  /** The banned account (subject `account`). */
  uid: z.string().nullable(),
  /** The banned address, lower-case (subject `email`). */
  email: z.string().nullable(),
  /** Who it is, as the admins knew them when banning (a name or the address). */
  name: z.string().nullable(),
  reason: z.string(),
  from: z.date(),
  /** The first moment the ban no longer holds; null: until lifted. */
  until: z.date().nullable(),
  createdBy: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
  updatedBy: z.string(),
  updatedAt: z.date(),
});
export type BanDocument = z.infer<typeof BanDocument>;
export type KnownBan = BanDocument & { id: string };

// Stamped: a ban set or changed reaches the door list's changes; a deleted one (lifted, swept, its
// account deleted) leaves a tombstone without its id, which names the person (decision 053).
export const Bans = defineCollection('bans', BanDocument, { stamped: { removals: 'unnamed' } });

/** An address as bans compare it: trimmed, lower-case. */
export function banEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function accountBanId(uid: string): string {
  return `account_${uid}`;
}

/** An address's ban id: a hash, so the id names no address. */
export function emailBanId(email: string): string {
  return `email_${createHash('sha256').update(banEmail(email)).digest('base64url').slice(0, 32)}`;
}

/** Whether a ban holds at a moment: from its start, until (not including) its end. */
export function banHoldsAt(ban: Pick<BanDocument, 'from' | 'until'>, at: Date): boolean {
  return ban.from.getTime() <= at.getTime() && (ban.until === null || at.getTime() < ban.until.getTime());
}

/**
 * The ban that holds for a person at a moment, or null: the account's, or the address's (an
 * account is also banned by its address, a guest only by theirs). One or two reads by id.
 */
export async function banOf(documents: Documents, person: { uid?: string | null; email?: string | null }, at: Date): Promise<KnownBan | null> {
  const ids = [person.uid ? accountBanId(person.uid) : null, person.email ? emailBanId(person.email) : null].filter((id): id is string => id !== null);
  const bans = await Promise.all(ids.map(async (id) => ({ id, data: (await documents.collection(Bans).doc(id).get()).data })));
  const holding = bans.find((ban) => ban.data && banHoldsAt(ban.data, at));
  return holding?.data ? { ...holding.data, id: holding.id } : null;
}

/** Every ban that holds at some moment from `from` to `to` (the door's list of a night). The list is short: read whole. */
export async function bansDuring(documents: Documents, from: Date, to: Date): Promise<KnownBan[]> {
  const all = await documents.collection(Bans).get();
  return all
    .filter(({ data }) => data.from.getTime() < to.getTime() && (data.until === null || data.until.getTime() > from.getTime()))
    .map(({ id, data }) => ({ ...data, id }));
}

/** Whether a ban holds at some moment from `from` to (not including) `to`. */
export function banHoldsDuring(ban: Pick<BanDocument, 'from' | 'until'>, from: Date, to: Date): boolean {
  return ban.from.getTime() < Math.max(to.getTime(), from.getTime() + 1) && (ban.until === null || ban.until.getTime() > from.getTime());
}

/**
 * The person's ban that holds at some moment from `from` to `to`, read in a transaction (an
 * invitation, a ticket): a ban made meanwhile fails the commit instead of slipping past it.
 * Reads by id, as banOf does; `to` no later than `from` asks about the moment `from` alone.
 */
export async function banDuringIn(tx: Transaction, documents: Documents, person: { uid?: string | null; email?: string | null }, from: Date, to: Date): Promise<KnownBan | null> {
  const ids = [person.uid ? accountBanId(person.uid) : null, person.email ? emailBanId(person.email) : null].filter((id): id is string => id !== null);
  for (const id of ids) {
    const data = (await tx.get(documents.collection(Bans).doc(id))).data;
    if (data && banHoldsDuring(data, from, to)) return { ...data, id };
  }
  return null;
}
