// The push devices' rules on every documents adapter (see the *.test.ts beside this file): only a
// browser push service's endpoint is stored, and a person keeps at most MAX_PUSH_DEVICES. That
// ending every session of a person takes their devices with it is held by users' contract
// (src/features/users/sign-out-everywhere.contract.ts), above the features that do it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import type { PushTarget } from '@/server/push/port';
import { deviceId, MAX_PUSH_DEVICES, PushDevices, registerDevice } from './push-devices';
import { testPerson } from '@/features/identity/test-users';

export interface PushDevicesHarness {
  /** A new, empty store, and how to close it. */
  open(): Promise<{ documents: Documents; close(): Promise<void> }>;
}

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-01T12:00:00Z');
const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
export const endpoint = (name: string) => `https://fcm.googleapis.com/fcm/send/${name}`;
export const device = (name: string): PushTarget => ({ kind: 'webpush', endpoint: endpoint(name), keys });

/** The addresses a person's devices are stored under, sorted. */
export async function endpointsOf(documents: Documents, uid: string) {
  const devices = await documents.collection(PushDevices).where('uid', '==', uid).get();
  return devices.map((snapshot) => (snapshot.data.target.kind === 'webpush' ? snapshot.data.target.endpoint : snapshot.data.target.token)).sort();
}

export function pushDevicesContract(name: string, harness: PushDevicesHarness) {
  describe(`push devices (${name})`, () => {
    let documents: Documents;
    let close: () => Promise<void>;

    beforeEach(async () => {
      ({ documents, close } = await harness.open());
    });
    afterEach(() => close());

    it.each([
      ['a server of the caller’s choosing', 'https://attacker.example/push'],
      ['an address on the server’s network', 'https://10.0.0.5/push'],
      ['a push service on another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
      ['a push service with credentials in the URL', 'https://me:secret@fcm.googleapis.com/fcm/send/x'],
      ['a look-alike of a push service', 'https://fcm.googleapis.com.attacker.example/fcm/send/x'],
    ])('refuses %s with a reason the browser shows, and stores nothing', async (_, refused) => {
      const registering = registerDevice(documents, testPerson('ada'), { target: { kind: 'webpush', endpoint: refused, keys }, lang: 'de' }, START);
      await expect(registering).rejects.toMatchObject({ kind: 'invalid', reason: 'pushServiceUnknown', field: 'target.endpoint' });
      expect((await documents.collection(PushDevices).doc(deviceId(refused)).get()).data).toBeUndefined();
      expect(await endpointsOf(documents, 'ada')).toEqual([]);
    });

    it.each([
      'https://fcm.googleapis.com/fcm/send/chrome',
      'https://updates.push.services.mozilla.com/wpush/v2/firefox',
      'https://wns2-par02p.notify.windows.com/w/?token=edge',
      'https://web.push.apple.com/safari',
    ])('registers a device of a browser push service: %s', async (accepted) => {
      await registerDevice(documents, testPerson('ada'), { target: { kind: 'webpush', endpoint: accepted, keys }, lang: 'en' }, START);
      expect(await endpointsOf(documents, 'ada')).toEqual([accepted]);
    });

    it(`keeps at most ${MAX_PUSH_DEVICES} devices a person: the ${MAX_PUSH_DEVICES + 1}th replaces the one registered longest ago`, async () => {
      // Registered in an order unlike their dates: the oldest is the one registered third.
      const dates = Array.from({ length: MAX_PUSH_DEVICES }, (_, index) => new Date(START.getTime() + ((index + 8) % MAX_PUSH_DEVICES) * DAY));
      for (const [index, at] of dates.entries()) await registerDevice(documents, testPerson('ada'), { target: device(`ada-${index}`), lang: 'en' }, at);
      await registerDevice(documents, testPerson('bob'), { target: device('bob-0'), lang: 'en' }, START);
      expect(await endpointsOf(documents, 'ada')).toHaveLength(MAX_PUSH_DEVICES);

      // Refreshing a device already registered replaces nothing.
      await registerDevice(documents, testPerson('ada'), { target: device('ada-5'), lang: 'de' }, new Date(START.getTime() + 20 * DAY));
      expect(await endpointsOf(documents, 'ada')).toHaveLength(MAX_PUSH_DEVICES);

      await registerDevice(documents, testPerson('ada'), { target: device('ada-new'), lang: 'en' }, new Date(START.getTime() + 21 * DAY));
      const kept = await endpointsOf(documents, 'ada');
      expect(kept).toHaveLength(MAX_PUSH_DEVICES);
      expect(kept).toContain(endpoint('ada-new'));
      expect(kept).not.toContain(endpoint('ada-2'));
      expect(await endpointsOf(documents, 'bob')).toEqual([endpoint('bob-0')]);
    });

    it(`holds the cap when a person registers many devices at once`, async () => {
      await Promise.all(
        Array.from({ length: MAX_PUSH_DEVICES + 5 }, (_, index) =>
          registerDevice(documents, testPerson('ada'), { target: device(`ada-${index}`), lang: 'en' }, new Date(START.getTime() + index * 1000)),
        ),
      );
      const kept = await endpointsOf(documents, 'ada');
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThanOrEqual(MAX_PUSH_DEVICES);
    });
  });
}
