// How the phone merges pages and changes into the list it holds (decision 053): entries put in
// replace those held, an account taken off leaves the members and the refused passes, a pass refused
// takes its member off, standings are written onto whoever has the door key, and an answer merged
// twice (the overlap of two rounds of changes) is the same list.
import { describe, expect, it } from 'vitest';
import type { DoorList, DoorListChanges, DoorListHeader, DoorListMember, DoorListTicket } from './door-list';
import { emptyDoorList, mergeDoorList } from './door-list-merge';

const AT = new Date('2026-11-27T21:00:00Z');
const HEADER: DoorListHeader = { eventId: 'tonight', doorsAt: AT, endsAt: new Date(AT.getTime() + 5 * 3_600_000), inside: 0, capacity: 300, ticketKey: null };

const member = (uid: string, fields: Partial<DoorListMember> = {}): DoorListMember => ({ uid, passId: `pass-${uid}`, publicKey: 'key', version: 1, name: uid, photoURL: null, admittedAt: null, firstDoor: null, inside: false, ...fields });
const ticket = (id: string, fields: Partial<DoorListTicket> = {}): DoorListTicket => ({ id, kind: 'guest', name: id, sponsorName: null, party: 0, cancelled: false, admittedAt: null, firstDoor: null, inside: false, ...fields });

function changes(fields: Partial<DoorListChanges>, at = new Date(AT.getTime() + 60_000)): DoorListChanges {
  return { kind: 'changes', at, serverTime: at, header: null, members: [], refusedPasses: [], removed: [], tickets: [], removedTickets: [], standings: [], next: null, progress: { members: 0, of: 0 }, ...fields };
}

describe('the door list on the phone, merged', () => {
  const held: DoorList = { ...emptyDoorList(HEADER, AT), members: [member('ada'), member('bob'), member('cy')], refusedPasses: ['pass-dan'], tickets: [ticket('t1'), ticket('t2')] };

  it('assembles pages into one list, the first page’s header and time kept', () => {
    const first = changes({ kind: 'page', header: HEADER, members: [member('ada')], refusedPasses: ['pass-dan'] }, AT);
    const second = changes({ kind: 'page', members: [member('bob')], tickets: [ticket('t1')] }, AT);
    const list = mergeDoorList(mergeDoorList(emptyDoorList(HEADER, AT), first), second);
    expect(list).toMatchObject({ eventId: 'tonight', at: AT, capacity: 300, refusedPasses: ['pass-dan'] });
    expect(list.members.map((each) => each.uid)).toEqual(['ada', 'bob']);
    expect(list.tickets.map((each) => each.id)).toEqual(['t1']);
  });

  it('puts in a member added and a pass rotated, takes off an ended membership and a deleted account’s pass', () => {
    const list = mergeDoorList(
      held,
      changes({
        members: [member('eve'), member('ada', { version: 2, publicKey: 'new-key' })],
        removed: [
          { uid: 'bob', passId: 'pass-bob' },
          { uid: null, passId: 'pass-cy' },
        ],
      }),
    );
    expect(list.members.map((each) => each.uid).sort()).toEqual(['ada', 'eve']);
    expect(list.members.find((each) => each.uid === 'ada')).toMatchObject({ version: 2, publicKey: 'new-key' });
    expect(list.at).toEqual(new Date(AT.getTime() + 60_000));
  });

  it('moves a member banned to the refused passes, and one whose ban ended back among the members', () => {
    const list = mergeDoorList(held, changes({ refusedPasses: ['pass-ada'], members: [member('dan')] }));
    expect(list.members.map((each) => each.uid).sort()).toEqual(['bob', 'cy', 'dan']);
    expect(list.refusedPasses).toEqual(['pass-ada']);
  });

  it('adds a new ticket, marks a cancelled or refused one, drops one gone, and writes standings onto members and tickets', () => {
    const list = mergeDoorList(
      held,
      changes({
        header: { ...HEADER, inside: 4 },
        tickets: [ticket('t3', { party: 2, refused: true }), ticket('t1', { cancelled: true })],
        removedTickets: ['t2'],
        standings: [
          { key: 'bob', admittedAt: AT, firstDoor: 'Front door', inside: true },
          { key: 'ticket:t3', admittedAt: AT, firstDoor: 'Side door', inside: true },
          { key: 'someone-not-listed', admittedAt: AT, firstDoor: 'Front door', inside: true },
        ],
      }),
    );
    expect(list.inside).toBe(4);
    expect(list.tickets.map((each) => [each.id, each.cancelled, each.refused ?? false, each.inside])).toEqual([
      ['t1', true, false, false],
      ['t3', false, true, true],
    ]);
    expect(list.members.find((each) => each.uid === 'bob')).toMatchObject({ admittedAt: AT, firstDoor: 'Front door', inside: true });
    expect(list.members).toHaveLength(3);
  });

  it('gives the same list when the same changes come twice (two rounds overlapping)', () => {
    const twice = changes({ members: [member('eve')], removed: [{ uid: 'bob', passId: 'pass-bob' }], refusedPasses: ['pass-cy'], standings: [{ key: 'ada', admittedAt: AT, firstDoor: 'Front door', inside: true }] });
    const once = mergeDoorList(held, twice);
    expect(mergeDoorList(once, twice)).toEqual(once);
  });
});
