// The night at a glance: its totals are the door's figures, its steps cover the door's hours to
// now, the peak is exact, members and guests are apart, and a past night's summary follows late uploads.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { Bans, accountBanId } from '@/features/bans/bans';
import { Events } from '@/features/events/events';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { Checkins, DoorConflicts, Exits, Scans } from './door-records';
import { countsOf, doorActivity } from './door-figures';
import { admitAnyway, recordOffline } from './scanning';
import { Nights, nightFigures, nightSummary, NIGHT_STEP_MINUTES } from './night';
import { addEvent, doorNight, HOUR, NOW, person, scanners } from './test-door';

const MINUTE = 60 * 1000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

describe('the night at a glance', () => {
  const tonight = doorNight();
  const { addUser, codeOf, scan, nonce } = tonight;

  /** Members at two doors, a guest, a guest-list party, exits, re-entries, refusals and an offline admission. */
  async function busyNight() {
    await addUser('bob');
    await addUser('cy');
    await addUser('dan');
    await addUser('eve', { member: false });
    const front = { device: 'Front door' };
    const side = { device: 'Side door' };
    await scan(await codeOf('ada', at(0)), front, at(0));
    await scan(await codeOf('bob', at(2)), side, at(2), scanners[1]);
    const guest = await tonight.addTicket('kaiGuestTicket01');
    await scan(guest, side, at(5), scanners[1]);
    const party = await tonight.addTicket('crewGuestList001', { kind: 'guestList', party: 2, sponsorUid: 'admin', sponsorName: 'Alex Admin' });
    await scan(party, front, at(20));
    // Refusals: a second admission, a code that is no pass, a person without membership.
    await scan(await codeOf('ada', at(21)), side, at(21), scanners[1]);
    await scan('not-a-pass-code', front, at(22));
    await scan(await codeOf('eve', at(23)), front, at(23));
    // Ada goes out and comes back; the party leaves (all three); the guest leaves.
    await scan(await codeOf('ada', at(30)), { ...front, mode: 'exit' }, at(30));
    await scan(await codeOf('ada', at(40)), front, at(40));
    await scan(party, { ...front, mode: 'exit' }, at(50));
    await scan(guest, { ...side, mode: 'exit' }, at(52), scanners[1]);
    // Cy was let in by the side door without signal at +10, uploaded an hour later.
    await recordOffline(
      tonight.ports,
      scanners[2]!,
      { eventId: 'tonight', nonce: nonce(), mode: 'entry', source: 'camera', code: await codeOf('cy', at(10)), verdict: 'admitted', decidedAt: at(10), device: 'Side door', listAt: NOW },
      at(70),
    );
  }

  it('totals the night as the door figures do', async () => {
    await busyNight();
    const [night, activity] = await Promise.all([nightFigures(tonight.documents, { eventId: 'tonight' }, at(80)), doorActivity(tonight.documents, { eventId: 'tonight' })]);
    expect(night.admitted).toBe(activity.admitted);
    expect(night.guestsAdmitted).toBe(activity.guests.admitted);
    expect(night.insideNow).toBe(activity.inside);
    expect(night.conflicts).toBe(activity.conflicts);
    expect(Object.fromEntries(night.refused.map(({ verdict, count }) => [verdict, count]))).toEqual(activity.refused);
    // And the figures themselves, so that both cannot be wrong alike.
    expect(night).toMatchObject({ admitted: 7, guestsAdmitted: 4, insideNow: 3, overrides: 0, bansApplied: 0 });
    expect(night.refused.map((entry) => entry.verdict).sort()).toEqual(['alreadyAdmitted', 'invalid', 'noMembership']);
    // Ada, Bob, Cy, the guest and the party of three by +20; Ada out at +30 and back at +40.
    expect(night.peakInside).toBe(7);
    expect(night.peakAt).toEqual(at(20));
    // Each step's arrivals add up to the admissions; the last step's inside is inside now.
    expect(night.arrivals.flatMap((door) => door.people).reduce((sum, people) => sum + people, 0)).toBe(activity.admitted);
    expect(night.inside.members.at(-1)! + night.inside.guests.at(-1)!).toBe(activity.inside);
    expect(night.inside.guests.at(-1)).toBe(activity.guests.inside);
  });

  it('counts the capacity overrides and the bans the door applied, as the admins’ figures list them', async () => {
    await tonight.documents.collection(Events).doc('tonight').update({ capacity: 1 });
    await addUser('bob');
    await addUser('cy');
    await scan(await codeOf('ada', at(0)), {}, at(0));
    const fullNonce = nonce();
    expect((await scan(await codeOf('bob', at(1)), { nonce: fullNonce }, at(1))).verdict).toBe('full');
    await admitAnyway(tonight.ports, scanners[0]!, { eventId: 'tonight', fullNonce, nonce: nonce(), device: 'Front door', reason: 'Ada is leaving' }, at(1));
    await tonight.documents
      .collection(Bans)
      .doc(accountBanId('cy'))
      .create({ subject: 'account', uid: 'cy', email: null, name: null, reason: 'Fought at the bar', from: NOW, until: null, createdBy: 'admin', createdByName: 'Admin', createdAt: NOW, updatedBy: 'admin', updatedAt: NOW });
    expect((await scan(await codeOf('cy', at(2)), {}, at(2))).verdict).toBe('notAdmitted');
    const [night, activity] = await Promise.all([nightFigures(tonight.documents, { eventId: 'tonight' }, at(5)), doorActivity(tonight.documents, { eventId: 'tonight' })]);
    expect(night.overrides).toBe(activity.overrides.length);
    expect(night).toMatchObject({ overrides: 1, bansApplied: 1, admitted: 2, peakInside: 2, peakAt: at(1), refused: [{ verdict: 'notAdmitted', count: 1 }, { verdict: 'full', count: 1 }] });
  });

  it('draws arrivals per door in 15-minute steps from the doors time to now, members and guests apart', async () => {
    await busyNight();
    const night = await nightFigures(tonight.documents, { eventId: 'tonight' }, at(80));
    // Doors at NOW − 1 h (20:10) floored to 20:00; now at NOW + 80 min (22:30) ceiled to 22:30.
    expect(night.steps[0]).toEqual(new Date('2026-11-27T20:00:00Z'));
    expect(night.steps).toHaveLength(10);
    expect(night.steps[1]!.getTime() - night.steps[0]!.getTime()).toBe(NIGHT_STEP_MINUTES * MINUTE);
    // Front door admitted first (Ada at 21:10), then the side door (Bob at 21:12).
    expect(night.doors).toEqual(['Front door', 'Side door']);
    const step = (time: string) => night.steps.findIndex((start) => start.getTime() === new Date(`2026-11-27T${time}:00Z`).getTime());
    const front = night.arrivals[0]!.people;
    const sideDoor = night.arrivals[1]!.people;
    expect(front.every((people, index) => people === 0 || [step('21:00'), step('21:30')].includes(index))).toBe(true);
    // 21:00–21:15: Ada at the front, Bob at the side; 21:15–21:30: the guest and Cy (offline) at the side.
    expect(front[step('21:00')]).toBe(1);
    expect(sideDoor[step('21:00')]).toBe(1);
    expect(sideDoor[step('21:15')]).toBe(2);
    // 21:30–21:45: the party of three (the holder and two companions).
    expect(front[step('21:30')]).toBe(3);
    // At 21:45 Ada is out (left 21:40, back 21:50); by 22:15 the party (22:00) and the guest have left.
    expect(night.inside.members[step('21:30')]).toBe(2);
    expect(night.inside.guests[step('21:30')]).toBe(4);
    expect(night.inside.members[step('21:45')]).toBe(3);
    expect(night.inside.guests[step('21:45')]).toBe(4);
    expect(night.inside.guests[step('22:00')]).toBe(0);
  });

  it('counts the peak from every passage, not only the steps’ ends', async () => {
    await addUser('bob');
    await addUser('cy');
    // All in one step: Ada in, Bob in (2 inside), Ada out, Bob out, Cy in: the step ends with one.
    await scan(await codeOf('ada', at(1)), {}, at(1));
    await scan(await codeOf('bob', at(2)), {}, at(2));
    await scan(await codeOf('ada', at(3)), { mode: 'exit' }, at(3));
    await scan(await codeOf('bob', at(4)), { mode: 'exit' }, at(4));
    await scan(await codeOf('cy', at(5)), {}, at(5));
    const night = await nightFigures(tonight.documents, { eventId: 'tonight' }, at(6));
    expect(night.inside.members.at(-1)).toBe(1);
    expect(night).toMatchObject({ peakInside: 2, peakAt: at(2), insideNow: 1 });
  });

  it('has no steps before the door opens and nothing to count without scans', async () => {
    const before = await nightFigures(tonight.documents, { eventId: 'tonight' }, new Date(NOW.getTime() - 3 * HOUR));
    expect(before).toMatchObject({ steps: [], doors: [], arrivals: [], inside: { members: [], guests: [] }, refused: [], admitted: 0, peakInside: 0, peakAt: null });
    const empty = await nightFigures(tonight.documents, { eventId: 'tonight' }, NOW);
    expect(empty.steps.length).toBeGreaterThan(0);
    expect(empty.inside.members.every((people) => people === 0)).toBe(true);
  });

  it('keeps a past night’s summary, and computes it again when a late upload adds to the night', async () => {
    await scan(await codeOf('ada', at(0)), {}, at(0));
    const event = { endsAt: new Date(NOW.getTime() + 4 * HOUR) };
    // While the door may still admit there is no summary.
    expect(await nightSummary(tonight.documents, 'tonight', event, at(60))).toBeNull();
    const morning = new Date(event.endsAt.getTime() + 9 * HOUR);
    expect(await nightSummary(tonight.documents, 'tonight', event, morning)).toMatchObject({ admitted: 1, peakInside: 1, peakAt: at(0) });
    expect((await tonight.documents.collection(Nights).doc('tonight').get()).data).toMatchObject({ records: 1, computedAt: morning });
    // Asked again: the kept summary, not computed anew.
    expect((await nightSummary(tonight.documents, 'tonight', event, new Date(morning.getTime() + HOUR)))?.admitted).toBe(1);
    expect((await tonight.documents.collection(Nights).doc('tonight').get()).data?.computedAt).toEqual(morning);
    // A door that had no signal uploads Bob's admission the next day, decided during the night.
    await addUser('bob');
    await recordOffline(
      tonight.ports,
      scanners[1]!,
      { eventId: 'tonight', nonce: nonce(), mode: 'entry', source: 'camera', code: await codeOf('bob', at(5)), verdict: 'admitted', decidedAt: at(5), device: 'Side door', listAt: NOW },
      new Date(morning.getTime() + 2 * HOUR),
    );
    const later = new Date(morning.getTime() + 3 * HOUR);
    expect(await nightSummary(tonight.documents, 'tonight', event, later)).toMatchObject({ admitted: 2, peakInside: 2, peakAt: at(5) });
    expect((await tonight.documents.collection(Nights).doc('tonight').get()).data).toMatchObject({ records: 2, computedAt: later });
  });

  it('reads only the event’s own records', async () => {
    await tonight.addEvent('elsewhere');
    await tonight.documents.collection(Checkins).doc('elsewhere_ada').create({ eventId: 'elsewhere', uid: 'ada', at: at(1), scannerUid: 'door-1', scannerName: null, device: 'Elsewhere', source: 'camera' });
    await tonight.documents.collection(Exits).doc('elsewhere_ada_1').create({ eventId: 'elsewhere', uid: 'ada', number: 1, at: at(2), scannerUid: 'door-1', device: 'Elsewhere', source: 'camera' });
    await tonight.documents.collection(DoorConflicts).doc('x').create({ eventId: 'elsewhere', uid: 'ada', kind: 'badCode', first: null, second: { device: 'Elsewhere', at: at(1), offline: true, scannerUid: 'door-1' }, recordedAt: at(3) });
    await tonight.documents
      .collection(Scans)
      .doc('banned-elsewhere')
      .create({ eventId: 'elsewhere', mode: 'entry', source: 'camera', verdict: 'notAdmitted', uid: 'ada', name: null, scannerUid: 'door-1', device: 'Elsewhere', at: at(1), detail: { firstAt: null, firstDevice: null, drinksLeft: null }, banned: true });
    expect(await nightFigures(tonight.documents, { eventId: 'tonight' }, at(5))).toMatchObject({ admitted: 0, doors: [], refused: [], conflicts: 0, bansApplied: 0 });
    expect(await nightFigures(tonight.documents, { eventId: 'elsewhere' }, at(5))).toMatchObject({ admitted: 1, doors: ['Elsewhere'], refused: [{ verdict: 'notAdmitted', count: 1 }], conflicts: 1, bansApplied: 1, insideNow: 0 });
  });

  it('is the admins’ only: door.night answers an admin, not a scanner', async () => {
    await scan(await codeOf('ada', at(0)), {}, at(0));
    const as = (role: 'admin' | 'scanner') => createCaller(createContextInner({ documents: tonight.documents, identity: person(`a-${role}`, role) }));
    expect(await as('admin').door.night({ eventId: 'tonight' })).toMatchObject({ eventId: 'tonight', admitted: 1, doors: ['Front door'] });
    await expect(as('scanner').door.night({ eventId: 'tonight' })).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === 'FORBIDDEN');
    await expect(as('admin').door.night({ eventId: 'no-such-event' })).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === 'NOT_FOUND');
  });

  it('gives the admins’ event list a past night’s peak and admissions, and none while the door may admit', async () => {
    await scan(await codeOf('ada', at(0)), {}, at(0));
    expect((await countsOf(tonight.documents, { eventIds: ['tonight'] }, at(10))).tonight).toMatchObject({ admitted: 1, night: null });
    const morning = new Date(NOW.getTime() + 12 * HOUR);
    expect((await countsOf(tonight.documents, { eventIds: ['tonight'] }, morning)).tonight).toMatchObject({ admitted: 1, night: { peakInside: 1, admitted: 1, guestsAdmitted: 0 } });
  });
});

describe('the night at a glance on Firestore', () => {
  it('reads the same night from the stand-in, and keeps its summary', async () => {
    const { documents, close } = await standInDocuments();
    try {
      await addEvent(documents, 'tonight', NOW);
      const door = { eventId: 'tonight', scannerUid: 'door-1', device: 'Front door', source: 'camera' as const };
      await documents.collection(Checkins).doc('tonight_ada').create({ ...door, uid: 'ada', at: at(0), scannerName: null });
      await documents.collection(Checkins).doc('tonight_bob').create({ ...door, uid: 'bob', at: at(1), scannerName: null, device: 'Side door' });
      await documents.collection(Exits).doc('tonight_ada_1').create({ ...door, uid: 'ada', number: 1, at: at(2) });
      await documents.collection(Scans).doc('refused').create({ ...door, mode: 'entry', verdict: 'notAdmitted', uid: 'cy', name: null, at: at(3), detail: { firstAt: null, firstDevice: null, drinksLeft: null }, banned: true });
      expect(await nightFigures(documents, { eventId: 'tonight' }, at(5))).toMatchObject({ doors: ['Front door', 'Side door'], admitted: 2, insideNow: 1, peakInside: 2, peakAt: at(1), refused: [{ verdict: 'notAdmitted', count: 1 }], bansApplied: 1 });
      const morning = new Date(NOW.getTime() + 12 * HOUR);
      expect(await nightSummary(documents, 'tonight', { endsAt: new Date(NOW.getTime() + 4 * HOUR) }, morning)).toMatchObject({ peakInside: 2, admitted: 2 });
      expect((await documents.collection(Nights).doc('tonight').get()).data).toMatchObject({ records: 3 });
    } finally {
      await close();
    }
  });
});
