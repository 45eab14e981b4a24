// The door's search: only members who may enter are found, by name or e-mail, shown by name and
// photo (an address only masked); a person found is admitted by hand once, and only a member.
import { describe, expect, it } from 'vitest';
import { Scans } from './door-records';
import { admitManually } from './scanning';
import { searchAtDoor } from './door-search';
import { maskedAddress } from './door-names';
import { doorNight, NOW, scanners } from './test-door';

describe('the door search', () => {
  const tonight = doorNight();
  const { addUser, nonce } = tonight;

  it('admits by hand after a search by name, once, and only a member', async () => {
    await addUser('carla');
    await addUser('dan', { member: false });
    const hits = await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'carla' }, NOW);
    expect(hits).toEqual([{ uid: 'carla', name: 'Person carla', photoURL: null, checkedInAt: null }]);
    // Found by the address too, but never shown it; someone without a membership is not found.
    expect((await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'carla@example.org' }, NOW)).map((hit) => hit.uid)).toEqual(['carla']);
    // A whole address longer than the longest prefix stored is found too.
    await addUser('a-guest-with-a-very-long-address');
    expect((await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'A-guest-with-a-very-long-address@example.org' }, NOW)).map((hit) => hit.uid)).toEqual(['a-guest-with-a-very-long-address']);
    expect(JSON.stringify(hits)).not.toContain('@');
    expect(await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'dan' }, NOW)).toEqual([]);
    const manual = (uid: string) => admitManually(tonight.ports, scanners[0]!, { eventId: 'tonight', uid, nonce: nonce(), device: 'Front door' }, NOW);
    expect((await manual('carla')).verdict).toBe('admitted');
    expect((await manual('carla')).verdict).toBe('alreadyAdmitted');
    expect((await manual('dan')).verdict).toBe('noMembership');
    const scans = await tonight.documents.collection(Scans).where('eventId', '==', 'tonight').get();
    expect(scans.every((entry) => entry.data.source === 'manual')).toBe(true);
    expect((await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'carla' }, NOW))[0]!.checkedInAt).toEqual(NOW);
  });

  it('masks an address where no name is known', () => {
    expect(maskedAddress('mara.jensen@example.org')).toBe('ma…@example.org');
    expect(maskedAddress(null)).toBe('…');
  });
});
