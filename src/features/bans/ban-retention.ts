// How long the house ban list keeps a ban (decision 052): until its end and a day more
// (BAN_KEPT_AFTER_END_MS), deleted by the hourly retention sweep of every server
// (src/app/_server/mail-retention.ts), or until lifted, or until the person deletes their account.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { AuditLog } from '@/features/identity/audit';
import { accountBanId, Bans, emailBanId } from './bans';
import { BAN_KEPT_AFTER_END_MS } from './constants';

/** Writes in one batch (Firestore allows 500). */
const BATCH = 400;

/** Deletes the bans that ended a day ago or more; returns how many. */
export async function sweepEndedBans(documents: Documents, now: Date): Promise<number> {
  // The list is short: read whole (and `until` is null for most, which the stand-in's queries do not order by, decision 019).
  const due = (await documents.collection(Bans).get()).filter(({ data }) => data.until !== null && data.until.getTime() + BAN_KEPT_AFTER_END_MS <= now.getTime());
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = documents.batch();
    for (const { id } of due.slice(start, start + BATCH)) batch.delete(documents.collection(Bans).doc(id));
    await batch.commit();
  }
  return due.length;
}

/**
 * A deleted account's bans (issue 46): the account's ban and its address's go; the bans the person
 * made as an admin stay under their anonymous id, without their name; the history of a ban of
 * their address made while they had no account (filed under the ban's id) goes under that id too.
 */
export async function forgetBansOf(documents: Documents, uid: string, email: string | null, anonymousId: string): Promise<void> {
  const bans = documents.collection(Bans);
  const [made, changed, addressHistory] = await Promise.all([
    bans.where('createdBy', '==', uid).get(),
    bans.where('updatedBy', '==', uid).get(),
    email ? documents.collection(AuditLog).where('targetUid', '==', emailBanId(email)).get() : [],
  ]);
  const own = [accountBanId(uid), ...(email ? [emailBanId(email)] : [])];
  const batch = documents.batch();
  for (const id of own) batch.delete(bans.doc(id));
  const theirs = new Map([...made, ...changed].filter(({ id }) => !own.includes(id)).map(({ id, data }) => [id, data]));
  for (const [id, ban] of theirs) {
    batch.update(bans.doc(id), { ...(ban.createdBy === uid ? { createdBy: anonymousId, createdByName: null } : {}), ...(ban.updatedBy === uid ? { updatedBy: anonymousId } : {}) });
  }
  for (const { id } of addressHistory) batch.update(documents.collection(AuditLog).doc(id), { targetUid: anonymousId });
  await batch.commit();
}
