// undeliverableAddresses/{key}: addresses whose mail server refused mail for good (an SMTP 5xx
// answer: no such mailbox, domain gone). No mail is sent to them again; the admin's person page and
// the person's profile say so, and giving another address ends it, since the key is the address's.
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';
import { addressKey } from './outbox';

export const UndeliverableAddresses = defineCollection(
  'undeliverableAddresses',
  z.object({
    /** Kept so the person's page can say which address, and deleted with the account. */
    email: z.string(),
    at: z.date(),
    /** The receiving server's answer, for the admins. */
    reason: z.string(),
  }),
);

export async function isUndeliverable(documents: Documents, email: string): Promise<boolean> {
  return (await documents.collection(UndeliverableAddresses).doc(addressKey(email)).get()).exists;
}

/** When and why an address stopped taking mail, or null while it takes it. */
export async function undeliverableSince(documents: Documents, email: string | null): Promise<{ at: Date; reason: string } | null> {
  if (!email) return null;
  const data = (await documents.collection(UndeliverableAddresses).doc(addressKey(email)).get()).data;
  return data ? { at: data.at, reason: data.reason } : null;
}

export async function markUndeliverable(documents: Documents, email: string, reason: string, now: Date): Promise<void> {
  await documents.collection(UndeliverableAddresses).doc(addressKey(email)).set({ email: email.trim(), at: now, reason: reason.slice(0, 300) });
}

/** The address takes mail again (an admin checked it, or the person says it works now). */
export async function clearUndeliverable(documents: Documents, email: string): Promise<void> {
  await documents.collection(UndeliverableAddresses).doc(addressKey(email)).delete();
}
