// How a door phone holds its list (decision 053): the pages of a full list, then the changes since,
// merged into one DoorList, which is what the offline decisions read. The same function assembles
// the list on the server for tests and the benchmark, so the two cannot disagree. No DOM, no Node.
import type { DoorList, DoorListChanges, DoorListHeader } from './door-list';
import { ticketIdOfKey } from './ticket-code';

/** A list with nothing in it yet, as of `at`: the first page fills it. */
export function emptyDoorList(header: DoorListHeader, at: Date): DoorList {
  return { ...header, at, members: [], refusedPasses: [], tickets: [] };
}

/**
 * `list` with `changes` applied: accounts taken off first, then members and refused passes put in
 * (an account is in one of the two at most), tickets likewise, then the standings (who is in)
 * written onto whoever the list holds. Applying the same changes twice gives the same list, so
 * answers whose windows overlap need no care.
 */
export function mergeDoorList(list: DoorList, changes: DoorListChanges): DoorList {
  const members = new Map(list.members.map((member) => [member.uid, member]));
  const owners = new Map(list.members.map((member) => [member.passId, member.uid]));
  const refused = new Set(list.refusedPasses);
  const dropPass = (passId: string) => {
    const uid = owners.get(passId);
    if (uid !== undefined && members.get(uid)?.passId === passId) members.delete(uid);
  };
  for (const { uid, passId } of changes.removed) {
    if (uid === null) dropPass(passId);
    else members.delete(uid);
    refused.delete(passId);
  }
  for (const passId of changes.refusedPasses) {
    dropPass(passId);
    refused.add(passId);
  }
  for (const member of changes.members) {
    refused.delete(member.passId);
    members.set(member.uid, member);
    owners.set(member.passId, member.uid);
  }
  const tickets = new Map((list.tickets ?? []).map((ticket) => [ticket.id, ticket]));
  for (const id of changes.removedTickets) tickets.delete(id);
  for (const ticket of changes.tickets) tickets.set(ticket.id, ticket);
  for (const { key, ...standing } of changes.standings) {
    const member = members.get(key);
    if (member) members.set(key, { ...member, ...standing });
    const ticketId = ticketIdOfKey(key);
    const ticket = ticketId === null ? undefined : tickets.get(ticketId);
    if (ticket) tickets.set(ticket.id, { ...ticket, ...standing });
  }
  return {
    ...list,
    ...(changes.header ?? {}),
    at: changes.at,
    members: [...members.values()],
    refusedPasses: [...refused],
    tickets: [...tickets.values()],
  };
}
