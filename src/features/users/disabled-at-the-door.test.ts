// A disabled account is shut out everywhere (issue 43, decision 046): disabling is user
// administration's, what it does at the door is the door's: "Not admitted" online, by name and in
// search; the pass key ended, the door list naming the pass, the phone refusing it offline; an
// uploaded admission flagged.
import { describe, expect, it } from 'vitest';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { Users } from '@/features/identity/users';
import { DoorConflicts } from '@/features/door/door-records';
import type { OfflineDecision } from '@/features/door/door.inputs';
import { doorList } from '@/features/door/door-list';
import { doorActivity } from '@/features/door/door-figures';
import { searchAtDoor } from '@/features/door/door-search';
import { ensurePass, Passes } from '@/features/door/passes';
import { newPhoneKey, passCodeAt } from '@/features/door/client/pass-store';
import { decideOffline, type LocalPassage } from '@/features/door/client/offline-verdict';
import { admitManually, recordOffline } from '@/features/door/scanning';
import { doorNight, NOW, person, scanners } from '@/features/door/test-door';
import { setDisabled } from './user-admin';

const MINUTE = 60_000;

describe('a disabled account is shut out everywhere', () => {
  const tonight = doorNight();
  const { addUser, codeOf, scan, nonce } = tonight;
  const admin = person('boss', 'admin');

  async function disable(uid: string) {
    await addUser('boss', { member: false });
    await tonight.documents.collection(Users).doc('boss').update({ role: 'admin' });
    await setDisabled(tonight.documents, new FakeAccounts(), admin, { uid, disabled: true }, NOW);
  }

  it('refuses a disabled member at the door online, by name and in search, with a verdict of its own', async () => {
    const code = await codeOf('ada');
    await disable('ada');
    expect((await scan(code)).verdict).toBe('notAdmitted');
    expect((await admitManually(tonight.ports, scanners[0]!, { eventId: 'tonight', uid: 'ada', nonce: nonce(), device: 'Front door' }, NOW)).verdict).toBe('notAdmitted');
    expect(await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'Person' }, NOW)).toEqual([]);
    expect((await doorActivity(tonight.documents, { eventId: 'tonight' })).admitted).toBe(0);
  });

  it('disabling ends the pass key, as a new pass does; the door list names the pass as refused, and the phone refuses it offline', async () => {
    await codeOf('ada');
    const { passId, pass } = await ensurePass(tonight.ports, 'ada');
    await disable('ada');
    const after = (await tonight.documents.collection(Passes).doc(passId).get()).data!;
    expect(after).toMatchObject({ publicKey: null, version: pass.version + 1 });
    expect(after.formerKeys?.[0]).toMatchObject({ publicKey: pass.publicKey, until: NOW });
    const list = await doorList(tonight.ports, { eventId: 'tonight' }, NOW);
    expect(list.members.map((member) => member.uid)).toEqual([]);
    expect(list.refusedPasses).toEqual([passId]);
    // Codes the phone still signs with its old key (offline, the pass page cached).
    const { code } = await passCodeAt({ passId, version: pass.version, phoneKey: (await newPhoneKey()), offsetMs: 0 }, NOW.getTime());
    expect(await decideOffline(list, { mode: 'entry', code }, NOW, new Map<string, LocalPassage>())).toMatchObject({ kind: 'verdict', verdict: 'notAdmitted' });
  });

  it('flags an uploaded admission of a disabled account', async () => {
    const code = await codeOf('ada');
    await disable('ada');
    const decided: OfflineDecision = { eventId: 'tonight', nonce: nonce(), mode: 'entry', source: 'camera', verdict: 'admitted', decidedAt: NOW, device: 'Side door', listAt: new Date(NOW.getTime() - MINUTE), code };
    expect(await recordOffline(tonight.ports, scanners[0]!, decided, new Date(NOW.getTime() + MINUTE))).toBe('recorded');
    const flagged = await tonight.documents.collection(DoorConflicts).get();
    expect(flagged.map((flag) => flag.data.kind)).toEqual(['disabledAccount']);
  });
});
