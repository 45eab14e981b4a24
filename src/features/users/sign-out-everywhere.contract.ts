// Ending every session of a person on every documents adapter (see user-admin.test.ts and
// user-admin.firestore.test.ts): their own "sign out everywhere", an admin's, and disabling all
// take the devices that receive the person's pushes with them, so a lost phone stops showing
// their messages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { addTestUser } from '@/features/identity/test-users';
import type { Identity } from '@/access/identity';
import { registerDevice } from '@/features/notifications/push-devices';
import { device, endpoint, endpointsOf, type PushDevicesHarness } from '@/features/notifications/push-devices.contract';
import { signOutEverywhere as signOutEverywhereOwn } from '@/features/profile/profile';
import { setDisabled, signOutEverywhere } from './user-admin';

const START = new Date('2026-11-01T12:00:00Z');
const person = (uid: string, role: Identity['role'] = 'user'): Identity => ({ uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role });
const admin = person('admin', 'admin');

export function signOutEverywhereContract(name: string, harness: PushDevicesHarness) {
  describe(`ending every session of a person (${name})`, () => {
    const accounts = new FakeAccounts();
    let documents: Documents;
    let close: () => Promise<void>;

    beforeEach(async () => {
      ({ documents, close } = await harness.open());
      await addTestUser(documents, admin, {}, START);
      await addTestUser(documents, person('ada'), {}, START);
      await addTestUser(documents, person('bob'), {}, START);
      await registerDevice(documents, person('ada'), { target: device('ada-phone'), lang: 'de' }, START);
      await registerDevice(documents, person('ada'), { target: { kind: 'fcm', token: `ada-laptop-${'t'.repeat(40)}` }, lang: 'de' }, START);
      await registerDevice(documents, person('bob'), { target: device('bob-phone'), lang: 'en' }, START);
    });
    afterEach(() => close());

    it.each([
      ['she signs out everywhere herself', (documents: Documents) => signOutEverywhereOwn(documents, accounts, person('ada'))],
      ['an admin signs her out everywhere', (documents: Documents) => signOutEverywhere(documents, accounts, admin, { uid: 'ada' })],
      ['an admin disables her account', (documents: Documents) => setDisabled(documents, accounts, admin, { uid: 'ada', disabled: true })],
    ])('removes her push devices when %s, and nobody else’s', async (_, endEverySession) => {
      await endEverySession(documents);
      expect(await endpointsOf(documents, 'ada')).toEqual([]);
      expect(await endpointsOf(documents, 'bob')).toEqual([endpoint('bob-phone')]);
    });
  });
}
