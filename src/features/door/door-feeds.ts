// The door's live feeds as the shared watcher runs them (src/server/live/watch.ts): which of this
// server's writes concern each, and what other servers' writes wake it (./live-feeds.ts says why).
import 'server-only';
import type { DocumentChange, Documents } from '@/server/documents/port';
import type { Wake, WatchOptions } from '@/server/live/watch';
import type { Identity } from '@/access/identity';
import { Events } from '@/features/events/events';
import { CapacityOverrides, Checkins, DoorConflicts, Drinks, Scans } from './door-records';
import { doorActivity, memberNight, type DoorActivity, type DoorEvent, type MemberNight } from './door-figures';
import type { DoorEventInput } from './door.inputs';

type Feed<T> = Omit<WatchOptions<T>, 'signal'>;

/** The event a change of the door's records is about (a delete's, by what it removed). */
const eventOf = (change: DocumentChange) => (change.data ?? change.before)?.eventId;

/**
 * The member's night: their own admissions and drinks wake it, and any edit of an event (it may
 * change which night the pass shows), not everyone else's at the door.
 */
export function memberNightFeed(documents: Documents, member: Identity): Feed<MemberNight> {
  const { uid } = member;
  const theirs = { field: 'uid', value: uid };
  return {
    documents,
    key: `pass.night ${uid}`,
    concerns: { [Checkins.name]: theirs, [Drinks.name]: theirs, [Events.name]: 'every' },
    otherServers: [documents.collection(Scans).where('uid', '==', uid).orderBy('recordedAt', 'desc').limit(1)],
    read: async (wake) => admittedHere(wake) ?? memberNight(documents, uid, new Date(), sameNight(wake)),
  };
}

/**
 * The night once the member was admitted to it by this server, from the admission itself: the
 * change carries the record just committed, so the pass reads nothing (the door's busiest moment
 * costs the pass no reads). Anything else, or a woken feed without such changes, reads again.
 */
function admittedHere(wake: Wake<MemberNight> | undefined): MemberNight | undefined {
  if (!wake?.previous.event || !wake.changes.length) return undefined;
  const night = wake.previous;
  const event = wake.previous.event;
  let checkedInAt = night.checkedInAt;
  for (const change of wake.changes) {
    const at = change.data?.at;
    if (change.collection !== Checkins.name || change.type !== 'created' || change.data?.eventId !== event.id || !(at instanceof Date)) return undefined;
    checkedInAt ??= at;
  }
  return { ...night, checkedInAt };
}

/**
 * The night the pass showed, when all that changed since is the member's admission or drinks of
 * it: then only those are read again (two reads, not the programme's fifty). A wake without this
 * server's changes is another server's scan of the member: the night is read whole, so an edit of
 * the event made elsewhere shows with it (./live-feeds.ts).
 */
function sameNight(wake: Wake<MemberNight> | undefined): DoorEvent | undefined {
  const event = wake?.previous.event;
  if (!event || !wake.changes.length) return undefined;
  const own = wake.changes.every((change) => (change.collection === Checkins.name || change.collection === Drinks.name) && eventOf(change) === event.id);
  return own ? event : undefined;
}

/** An event's door: its own records and its document wake it, not other events'. */
export function doorActivityFeed(documents: Documents, { eventId }: DoorEventInput): Feed<DoorActivity> {
  const its = { field: 'eventId', value: eventId };
  return {
    documents,
    key: `door.activity ${eventId}`,
    concerns: { [Checkins.name]: its, [Drinks.name]: its, [Scans.name]: its, [DoorConflicts.name]: its, [CapacityOverrides.name]: its, [Events.name]: { id: eventId } },
    otherServers: [
      documents.collection(Scans).where('eventId', '==', eventId).orderBy('recordedAt', 'desc').limit(1),
      documents.collection(DoorConflicts).where('eventId', '==', eventId).orderBy('recordedAt', 'desc').limit(1),
      documents.collection(Events).doc(eventId),
    ],
    read: () => doorActivity(documents, { eventId }),
  };
}
