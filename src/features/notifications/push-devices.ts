// The devices that allowed push messages: one document per Web Push subscription or FCM token,
// under an id derived from the endpoint or token, so registering again (on every start, and
// after 7 days) replaces rather than duplicates. Only the signed-in person's uid is stored with
// it; a device that signs in as someone else moves to that person.
import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { LOCALES, type Locale } from '@/i18n/routing';
import type { PushTarget } from '@/server/push/port';
import type { Identity } from '@/access/identity';
import { isPushServiceEndpoint } from '@/server/push/push-services';
import { DeviceTarget, type RegisterInput, type UnregisterInput } from './notifications.inputs';

/**
 * Devices one person receives pushes on: a phone, a laptop, a tablet and their browsers, with
 * room for old ones that were never turned off. Beyond it the oldest registration goes: a person
 * turning push on expects it to work on the device in their hand, and the device not heard from
 * longest is the one most likely lost or reset.
 */
export const MAX_PUSH_DEVICES = 10;

export const PushDeviceDocument = z.object({
  uid: z.string(),
  target: DeviceTarget,
  lang: z.enum(LOCALES),
  registeredAt: z.date(),
});
export type PushDeviceDocument = z.infer<typeof PushDeviceDocument>;
export const PushDevices = defineCollection('pushDevices', PushDeviceDocument);

/** The stable id of a device: a hash of its endpoint or token (never the secret keys). */
export function deviceId(address: string): string {
  return createHash('sha256').update(address).digest('base64url').slice(0, 32);
}

export function addressOf(target: PushTarget): string {
  return target.kind === 'webpush' ? target.endpoint : target.token;
}

/**
 * Registers (or refreshes) the caller's device; returns when it counts as registered. A Web Push
 * endpoint must be a browser push service's: the embedded backend POSTs to it on every delivery.
 */
export async function registerDevice(documents: Documents, owner: Identity, input: RegisterInput, now = new Date()) {
  const { uid } = owner;
  if (input.target.kind === 'webpush' && !isPushServiceEndpoint(input.target.endpoint)) {
    throw new DomainError('invalid', 'pushServiceUnknown', {}, { field: 'target.endpoint' });
  }
  const id = deviceId(addressOf(input.target));
  await documents.collection(PushDevices).doc(id).set({ uid, target: input.target, lang: input.lang, registeredAt: now });
  // Trimmed after the write, from a fresh read: of two registrations at once, the one that reads
  // last sees both, so the cap holds once both are done.
  const others = (await devicesOf(documents, uid)).filter((device) => device.id !== id);
  const newestFirst = others.sort((a, b) => b.data.registeredAt.getTime() - a.data.registeredAt.getTime() || a.id.localeCompare(b.id));
  await removeDevices(documents, newestFirst.slice(MAX_PUSH_DEVICES - 1));
  return { registeredAt: now };
}

/** Forgets a device of the owner (push turned off, or signed out on it). */
export async function unregisterDevice(documents: Documents, owner: Identity, { address }: UnregisterInput) {
  const ref = documents.collection(PushDevices).doc(deviceId(address));
  const current = (await ref.get()).data;
  // Someone else's device is not the caller's to remove; say nothing about it either.
  if (current?.uid === owner.uid) await ref.delete();
}

async function devicesOf(documents: Documents, uid: string) {
  return documents.collection(PushDevices).where('uid', '==', uid).get();
}

/**
 * Forgets every device of a person: when all their sessions end (signed out everywhere, disabled),
 * a lost phone must stop showing their messages as well.
 */
export async function removeDevicesOf(documents: Documents, uid: string) {
  await removeDevices(documents, await devicesOf(documents, uid));
}

/** Deletes devices in batches Firestore accepts (at most 500 writes; kept to 400). */
async function removeDevices(documents: Documents, devices: readonly { id: string }[]) {
  for (let start = 0; start < devices.length; start += 400) {
    const batch = documents.batch();
    for (const device of devices.slice(start, start + 400)) batch.delete(documents.collection(PushDevices).doc(device.id));
    await batch.commit();
  }
}

export type { Locale };
