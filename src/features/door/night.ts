// The night at a glance (decision 052): arrivals per 15 minutes per door, who was inside over
// time (members and guests apart), refusals by reason and the night's totals, from the event's
// door records; and each past night's summary kept for the admins' event list.
import 'server-only';
import { z } from 'zod';
import { defineCollection, type Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import { Events, type EventDocument } from '@/features/events/events';
import { CapacityOverrides, Checkins, DoorConflicts, Exits, Reentries, Scans } from './door-records';
import { ACCEPTED, VERDICTS, type Verdict } from './constants';
import type { DoorEventInput } from './door.inputs';

export const NIGHT_STEP_MINUTES = 15;
const STEP_MS = NIGHT_STEP_MINUTES * 60 * 1000;

export interface NightFigures {
  eventId: string;
  /**
   * Start of each 15-minute step, from the door's opening (the event's doors time, or the first
   * passage if the door let someone in earlier; floored to the step) to min(now, event end)
   * (ceiled). Empty before then.
   */
  steps: Date[];
  /** Doors by name, in order of their first admission. */
  doors: string[];
  /** Per door, people admitted (first admissions, companions counted) in each step. Same length as steps. */
  arrivals: { door: string; people: number[] }[];
  /** People inside at the end of each step (admissions + re-entries − exits, to that moment), members and guests apart. */
  inside: { members: number[]; guests: number[] };
  /** Refused scans by verdict, the largest first (only verdicts with a count). */
  refused: { verdict: Verdict; count: number }[];
  /** Equals door.figures' admitted. */
  admitted: number;
  /** Equals door.figures' guests.admitted. */
  guestsAdmitted: number;
  /** Equals door.figures' inside. */
  insideNow: number;
  /** Most people inside at once: exact, from every passage's time, not only the steps' ends. */
  peakInside: number;
  peakAt: Date | null;
  /** Flags of offline uploads (doorConflicts). */
  conflicts: number;
  /** "Admit anyway" at a full door (capacityOverrides). */
  overrides: number;
  /** Scans refused because of a house ban. */
  bansApplied: number;
}

/** A passage through the door: +1 in (an admission or a re-entry), −1 out. */
interface Passage {
  at: number;
  change: 1 | -1;
  guest: boolean;
}

const floorStep = (ms: number) => Math.floor(ms / STEP_MS) * STEP_MS;
const ceilStep = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/**
 * The event's night, as far as `now`. The passages are read once each (they are drawn), the
 * refusals, flags, overrides and bans only counted (an index lookup each, as doorActivity does), so
 * the totals are doorActivity's by construction: every checkin is an admission, inside is
 * admissions − exits + re-entries, refusals are the scans of each verdict that is not accepted.
 */
export async function nightFigures(documents: Documents, { eventId }: DoorEventInput, now: Date): Promise<NightFigures> {
  const event = (await documents.collection(Events).doc(eventId).get()).data;
  if (!event) throw new DomainError('not-found', 'eventNotFound');
  const refusals = VERDICTS.filter((verdict) => !ACCEPTED.includes(verdict));
  const ofEvent = <T extends typeof Checkins | typeof Exits | typeof Reentries>(collection: T) => documents.collection(collection as typeof Checkins).where('eventId', '==', eventId).get();
  const [checkins, exits, reentries, refusedCounts, conflicts, overrides, bansApplied] = await Promise.all([
    ofEvent(Checkins),
    ofEvent(Exits),
    ofEvent(Reentries),
    Promise.all(refusals.map((verdict) => documents.collection(Scans).where('eventId', '==', eventId).where('verdict', '==', verdict).count())),
    documents.collection(DoorConflicts).where('eventId', '==', eventId).count(),
    documents.collection(CapacityOverrides).where('eventId', '==', eventId).count(),
    documents.collection(Scans).where('eventId', '==', eventId).where('banned', '==', true).count(),
  ]);

  const passages: Passage[] = [
    ...checkins.map(({ data }) => ({ at: data.at.getTime(), change: 1 as const, guest: Boolean(data.guest) })),
    ...reentries.map(({ data }) => ({ at: data.at.getTime(), change: 1 as const, guest: Boolean(data.guest) })),
    ...exits.map(({ data }) => ({ at: data.at.getTime(), change: -1 as const, guest: Boolean(data.guest) })),
  ];
  const { peakInside, peakAt } = peakOf(passages);

  const steps = stepsOf(event, passages, now);
  const stepOf = (at: number) => Math.min(steps.length - 1, Math.max(0, Math.floor((at - (steps[0]?.getTime() ?? 0)) / STEP_MS)));

  // Doors in the order of their first admission; each admission (a companion too) counts once.
  const admissions = checkins.map(({ data }) => data).sort((a, b) => a.at.getTime() - b.at.getTime());
  const arrivals = new Map<string, number[]>();
  for (const admission of admissions) {
    let people = arrivals.get(admission.device);
    if (!people) arrivals.set(admission.device, (people = steps.map(() => 0)));
    if (steps.length) people[stepOf(admission.at.getTime())]! += 1;
  }

  // Inside at each step's end: every passage before it (a passage after the last step's end, such
  // as one stamped a moment past `now`, falls in the last step).
  const inside = { members: steps.map(() => 0), guests: steps.map(() => 0) };
  for (const passage of passages) {
    if (!steps.length) break;
    const series = passage.guest ? inside.guests : inside.members;
    series[stepOf(passage.at)]! += passage.change;
  }
  for (const series of [inside.members, inside.guests]) {
    for (let index = 1; index < series.length; index += 1) series[index]! += series[index - 1]!;
  }

  const refused = refusals
    .map((verdict, index) => ({ verdict, count: refusedCounts[index]! }))
    .filter((entry) => entry.count > 0)
    // Largest first; at equal counts in the verdicts' own order (sort is stable).
    .sort((a, b) => b.count - a.count);

  return {
    eventId,
    steps,
    doors: [...arrivals.keys()],
    arrivals: [...arrivals].map(([door, people]) => ({ door, people })),
    inside,
    refused,
    admitted: checkins.length,
    guestsAdmitted: checkins.filter(({ data }) => data.guest).length,
    insideNow: checkins.length - exits.length + reentries.length,
    peakInside,
    peakAt,
    conflicts,
    overrides,
    bansApplied,
  };
}

/** The steps to draw: from the door's opening to min(now, event end). */
function stepsOf(event: Pick<EventDocument, 'doorsAt' | 'endsAt'>, passages: readonly Passage[], now: Date): Date[] {
  const first = passages.reduce((earliest, passage) => Math.min(earliest, passage.at), event.doorsAt.getTime());
  const start = floorStep(first);
  const end = ceilStep(Math.min(now.getTime(), event.endsAt.getTime()));
  const steps: Date[] = [];
  for (let at = start; at < end; at += STEP_MS) steps.push(new Date(at));
  return steps;
}

/**
 * The most people inside at once, walking every passage in time. At the same instant exits go
 * first: one person leaving as another comes in were never both inside.
 */
function peakOf(passages: readonly Passage[]): { peakInside: number; peakAt: Date | null } {
  const ordered = [...passages].sort((a, b) => a.at - b.at || a.change - b.change);
  let inside = 0;
  let peakInside = 0;
  let peakAt: Date | null = null;
  for (const passage of ordered) {
    inside += passage.change;
    if (inside > peakInside) {
      peakInside = inside;
      peakAt = new Date(passage.at);
    }
  }
  return { peakInside, peakAt };
}

/**
 * A past night in a line (the admins' event list), kept in `nights/{eventId}` so the list does
 * not redraw every night on every view. `records` is how many admissions, exits and re-entries
 * it was computed from.
 */
export const Nights = defineCollection(
  'nights',
  z.object({
    eventId: z.string(),
    peakInside: z.number().int(),
    peakAt: z.date().nullable(),
    admitted: z.number().int(),
    guestsAdmitted: z.number().int(),
    records: z.number().int(),
    computedAt: z.date(),
  }),
);
export type NightSummary = Pick<z.infer<typeof Nights.schema>, 'peakInside' | 'peakAt' | 'admitted' | 'guestsAdmitted'>;

/**
 * A past night's summary: null while its door may still admit (before the event's end). Computed
 * when first asked after the end, then kept while the event's admissions, exits and re-entries are
 * as many as when it was computed. That rule is cheap (three index counts) and exact: door records
 * are only ever added (an offline door's upload arrives hours later, with its decision's time,
 * so a latest-time rule would miss it), and an account's removal replaces each of its records one
 * for one with the same time, which changes no figure of the summary.
 */
export async function nightSummary(documents: Documents, eventId: string, event: Pick<EventDocument, 'endsAt'>, now: Date): Promise<NightSummary | null> {
  if (now < event.endsAt) return null;
  const count = (collection: typeof Checkins | typeof Exits | typeof Reentries) => documents.collection(collection as typeof Checkins).where('eventId', '==', eventId).count();
  const [kept, admissions, exits, reentries] = await Promise.all([documents.collection(Nights).doc(eventId).get(), count(Checkins), count(Exits), count(Reentries)]);
  const records = admissions + exits + reentries;
  if (kept.data && kept.data.records === records) return summaryOf(kept.data);
  const night = await nightFigures(documents, { eventId }, now);
  const summary = { eventId, peakInside: night.peakInside, peakAt: night.peakAt, admitted: night.admitted, guestsAdmitted: night.guestsAdmitted };
  // Two admins asking at once write the same figures; the last write wins, both right.
  await documents.collection(Nights).doc(eventId).set({ ...summary, records, computedAt: now });
  return summaryOf(summary);
}

function summaryOf({ peakInside, peakAt, admitted, guestsAdmitted }: NightSummary): NightSummary {
  return { peakInside, peakAt, admitted, guestsAdmitted };
}
