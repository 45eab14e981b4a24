// What the door writes: admissions (`checkins/{eventId}_{uid}`, one per member and event), exits
// and re-entries after it (`exits/{eventId}_{uid}_{n}` and `reentries/{eventId}_{uid}_{n}`, the
// n-th of each: a member is inside while they have as many re-entries as exits), drinks
// (`drinks/{eventId}_{uid}_{n}`, n = 1..allowance), the bar's used codes and the log of every scan
// (`scans/`).
import 'server-only';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { SCAN_MODES, SCAN_SOURCES, VERDICTS } from './constants';

export const Checkins = defineCollection(
  'checkins',
  z.object({
    eventId: z.string(),
    uid: z.string(),
    at: z.date(),
    scannerUid: z.string(),
    scannerName: z.string().nullable(),
    device: z.string(),
    source: z.enum(SCAN_SOURCES),
    /** Decided by a scanner without signal and uploaded later (decision 043). */
    offline: z.boolean().optional(),
    /** A ticket's admission (decision 050): `uid` is its door key, and each of its party has one more with `companion` (2..). */
    guest: z.boolean().optional(),
    ticketId: z.string().optional(),
    companion: z.number().int().min(2).optional(),
  }),
  // Stamped: the door list's changes follow admissions by the server's time of the write (decision
  // 053). No tombstones: their ids name the person, and only an account's deletion removes them.
  { stamped: { removals: 'none' } },
);

export type CheckinDocument = z.infer<typeof Checkins.schema>;

// `source` is absent on drinks poured before the report named how each drink was scanned.
export const Drinks = defineCollection('drinks', z.object({ eventId: z.string(), uid: z.string(), number: z.number().int().positive(), at: z.date(), scannerUid: z.string(), device: z.string(), source: z.enum(SCAN_SOURCES).optional() }));

/** A member leaving after admission, or coming back: the n-th of each per member and event (a create, so two doors agree). */
const Passage = z.object({
  eventId: z.string(),
  uid: z.string(),
  number: z.number().int().positive(),
  at: z.date(),
  scannerUid: z.string(),
  device: z.string(),
  source: z.enum(SCAN_SOURCES),
  offline: z.boolean().optional(),
  /** A ticket's passage: one per person of its party, numbered on. */
  guest: z.boolean().optional(),
  ticketId: z.string().optional(),
});
export type Passage = z.infer<typeof Passage>;
// Stamped, as admissions: an offline upload arrives late with its decision's time, so the door
// list's changes read the server's time of the write instead (decision 053).
export const Exits = defineCollection('exits', Passage, { stamped: { removals: 'none' } });
export const Reentries = defineCollection('reentries', Passage, { stamped: { removals: 'none' } });

/** At the bar, one (pass, window) pours once per event: a replayed code is refused. */
export const CodeUses = defineCollection('codeUses', z.object({ at: z.date() }));

export const ScanDocument = z.object({
  eventId: z.string(),
  mode: z.enum(SCAN_MODES),
  source: z.enum(SCAN_SOURCES),
  /** Null while the scan is being decided (a retry with the same nonce waits for it). */
  verdict: z.enum(VERDICTS).nullable(),
  uid: z.string().nullable(),
  name: z.string().nullable(),
  scannerUid: z.string(),
  device: z.string(),
  at: z.date(),
  /**
   * When the store recorded it (its commit time; scans logged before issue 47 have none). `at` is
   * when the door decided, which for an offline upload is earlier than scans already logged: other
   * servers' live feeds follow the newest by this (../door-feeds.ts).
   */
  recordedAt: z.date().optional(),
  /** Verdict details the scanner shows again to a retry (first admission, drinks left). */
  detail: z.object({ firstAt: z.date().nullable(), firstDevice: z.string().nullable(), drinksLeft: z.number().int().nullable() }),
  /** A scan a door decided without signal: when its list was fetched and when it was uploaded. */
  offline: z.object({ listAt: z.date(), uploadedAt: z.date() }).nullable().optional(),
  /** "Not admitted" because of a house ban (the door shows no more than for a disabled account). */
  banned: z.boolean().optional(),
  /** Admitted past capacity by a door's "Admit anyway" (its reason is in `capacityOverrides/`). */
  override: z.boolean().optional(),
});
export type ScanDocument = z.infer<typeof ScanDocument>;
export const Scans = defineCollection('scans', ScanDocument);

/**
 * What an offline door's upload flagged for the admins (decisions 043 and 046). Recorded as
 * admissions (the door let the person in, so who is inside stays right), but looked at:
 * - `secondAdmission`: one member admitted twice to one event (naming both doors and times), or
 *   let in while inside already at the time decided;
 * - `staleList`: from a list that was out of date (the membership had ended, the pass had a new
 *   phone, or the ticket had been cancelled);
 * - `disabledAccount`: the account was disabled; by name, not an admission;
 * - `byNameNoMembership`: by name, without a membership at the time decided: not an admission;
 * - `byNameNotListed`: a ticket by name that is not a guest-list entry, or was cancelled at the
 *   time decided: not an admission;
 * - `byNameOffline`: admitted by name without signal, which no code proves.
 * - `pastCapacity`: an admission that took the event past its capacity (the door was offline, or
 *   decided "Admit anyway" without signal);
 * - `banned`: a person the house had banned at the time decided (the door's list was older).
 * Never admissions (a door could not have decided them honestly that night):
 * - `badCode`: a code the server cannot verify;
 * - `outsideNight`: decided outside the event's door hours, for an event not published, or a ticket of another event;
 * - `impossibleTime`: decided after its upload, before the list it names, or before the key that
 *   signed its code was registered;
 * - `codeOutOfWindow`: the code's window is not the decision's (an old code replayed).
 * One per uploaded scan at most.
 */
export const DOOR_FLAGS = ['secondAdmission', 'staleList', 'badCode', 'disabledAccount', 'byNameOffline', 'byNameNoMembership', 'byNameNotListed', 'outsideNight', 'impossibleTime', 'codeOutOfWindow', 'pastCapacity', 'banned'] as const;
export type DoorFlag = (typeof DOOR_FLAGS)[number];
const Door = z.object({ device: z.string(), at: z.date(), offline: z.boolean() });
export const DoorConflicts = defineCollection(
  'doorConflicts',
  z.object({
    eventId: z.string(),
    uid: z.string(),
    kind: z.enum(DOOR_FLAGS),
    /** The admission the server had first (a second admission only). */
    first: Door.nullable(),
    /** The uploaded scan. */
    second: Door.extend({ scannerUid: z.string() }),
    recordedAt: z.date(),
  }),
);

/**
 * The places of an event (decision 052): every entry (an admission or a re-entry, one per person of
 * a party) claims the next `places/{eventId}_{n}` in the commit of its admission, so two doors can
 * never both take the last place: who is inside is the places taken less the exits, and an entry is
 * let in while that stays within the capacity. A place is never given back; an exit makes room.
 */
export const Places = defineCollection(
  'places',
  z.object({
    eventId: z.string(),
    number: z.number().int().positive(),
    /** Whose entry took it (a uid, or a ticket's door key). */
    uid: z.string(),
    at: z.date(),
    /** Taken past the capacity: by "Admit anyway", or by an offline door's upload. */
    pastCapacity: z.boolean().optional(),
  }),
);

/** "Admit anyway" at a full door: who let whom in, why, and how full it was (`capacityOverrides/{scan id}`). */
export const CapacityOverrides = defineCollection(
  'capacityOverrides',
  z.object({
    eventId: z.string(),
    /** The person admitted: a uid, or a ticket's door key. */
    uid: z.string(),
    name: z.string().nullable(),
    reason: z.string(),
    scannerUid: z.string(),
    scannerName: z.string().nullable(),
    device: z.string(),
    at: z.date(),
    /** People inside, and the capacity, as the door let them in. */
    inside: z.number().int(),
    capacity: z.number().int(),
    /** Decided without signal and uploaded later. */
    offline: z.boolean().optional(),
  }),
);
export type CapacityOverrideDocument = z.infer<typeof CapacityOverrides.schema>;
