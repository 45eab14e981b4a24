// sessions/{hash of the cookie}: the server's record of each session it issued (decision 013).
// A cookie without its record is refused, so ending a record signs that device out at once.
// Plain functions over the documents port; the cookie flow itself is in ./session.ts.
import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { autoId } from '@/server/documents/auto-id';
import { defineCollection, type Documents } from '@/server/documents/port';

/**
 * A renewed session's previous cookie keeps working this long, so requests the browser sent
 * before the renewal answered are not refused (and the page not sent to sign in) mid-flight.
 */
export const RENEWAL_GRACE_SECONDS = 30;

export const SessionRecord = z.object({
  uid: z.string(),
  /** One sign-in on one browser: its renewals share this id, and signing out ends them all. */
  device: z.string(),
  createdAt: z.date(),
  expiresAt: z.date(),
});
export type SessionRecord = z.infer<typeof SessionRecord>;

/** Keyed by a hash of the cookie: the database never holds a usable cookie. */
export const Sessions = defineCollection('sessions', SessionRecord);

function recordRef(documents: Documents, cookie: string) {
  return documents.collection(Sessions).doc(createHash('sha256').update(cookie).digest('base64url'));
}

async function removeWhere(documents: Documents, field: 'uid' | 'device', value: string, only: (record: SessionRecord) => boolean = () => true) {
  const doomed = (await documents.collection(Sessions).where(field, '==', value).get()).filter((snapshot) => only(snapshot.data));
  if (doomed.length === 0) return;
  const batch = documents.batch();
  for (const snapshot of doomed) batch.delete(documents.collection(Sessions).doc(snapshot.id));
  await batch.commit();
}

/**
 * Records a new session cookie. When the browser sent its previous cookie of the same account
 * (a renewal), the new one continues that device's session and the old one ends after a short
 * grace; a previous cookie of another account ends that account's session on this browser.
 */
export async function recordSession(
  documents: Documents,
  { uid, cookie, previousCookie, expiresInSeconds, now }: { uid: string; cookie: string; previousCookie?: string; expiresInSeconds: number; now: number },
): Promise<void> {
  let device = autoId();
  if (previousCookie) {
    const previousRef = recordRef(documents, previousCookie);
    const previous = (await previousRef.get()).data;
    if (previous && previous.uid === uid && previous.expiresAt.getTime() > now) {
      device = previous.device;
      const graceEnd = Math.min(previous.expiresAt.getTime(), now + RENEWAL_GRACE_SECONDS * 1000);
      await previousRef.update({ expiresAt: new Date(graceEnd) });
    } else if (previous) {
      await removeWhere(documents, 'device', previous.device);
    }
  }
  await recordRef(documents, cookie).set({ uid, device, createdAt: new Date(now), expiresAt: new Date(now + expiresInSeconds * 1000) });
  // Records of sessions that ran out are of no use; the account's next sign-in clears them.
  await removeWhere(documents, 'uid', uid, (record) => record.expiresAt.getTime() <= now);
}

/** Whether the server issued this cookie to this account and the session has not ended. */
/** The session's record while it is live for `uid` (its device: one sign-in on one browser), else null. */
export async function liveRecord(documents: Documents, cookie: string, uid: string, now = Date.now()): Promise<SessionRecord | null> {
  const record = (await recordRef(documents, cookie).get()).data;
  return record !== undefined && record.uid === uid && record.expiresAt.getTime() > now ? record : null;
}

/** Signing out on this device: its session (and renewals still in their grace time) end. */
export async function endSession(documents: Documents, cookie: string | undefined): Promise<void> {
  if (!cookie) return;
  const record = (await recordRef(documents, cookie).get()).data;
  if (record) await removeWhere(documents, 'device', record.device);
}

/**
 * Signing out everywhere (and disabling, and deleting): every session of the account ends. What
 * else a signed-out person leaves behind (the devices that receive their pushes) is ended by the
 * caller: profile's endEverySession.
 */
export async function endAllSessions(documents: Documents, uid: string): Promise<void> {
  await removeWhere(documents, 'uid', uid);
}
