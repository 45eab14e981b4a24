// The door's search: a person found by name is admitted by hand once, and only a member.
import { describe, expect, it } from 'vitest';
import { Scans } from './door-records';
import { admitManually } from './scanning';
import { searchAtDoor } from './door-search';
import { doorNight, NOW, scanners } from './test-door';

describe('the door search', () => {
  const tonight = doorNight();
  const { addUser, nonce } = tonight;

  it('admits by hand after a search by name, once, and only a member', async () => {
    await addUser('carla');
    await addUser('dan', { member: false });
    const hits = await searchAtDoor(tonight.documents, { eventId: 'tonight', query: 'carla' }, NOW);
    expect(hits.map((hit) => [hit.uid, hit.member, hit.checkedInAt])).toEqual([['carla', true, null]]);
    const manual = (uid: string) => admitManually(tonight.ports, scanners[0]!, { eventId: 'tonight', uid, nonce: nonce(), device: 'Front door' }, NOW);
    expect((await manual('carla')).verdict).toBe('admitted');
    expect((await manual('carla')).verdict).toBe('alreadyAdmitted');
    expect((await manual('dan')).verdict).toBe('noMembership');
    const scans = await tonight.documents.collection(Scans).where('eventId', '==', 'tonight').get();
    expect(scans.every((entry) => entry.data.source === 'manual')).toBe(true);
  });
});
