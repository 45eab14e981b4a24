// What the door writes: admissions (`checkins/{eventId}_{uid}`, one per member and event), exits
// and re-entries after it (`exits/{eventId}_{uid}_{n}` and `reentries/{eventId}_{uid}_{n}`, the
// n-th of each: a member is inside while they have as many re-entries as exits), drinks
// (`drinks/{eventId}_{uid}_{n}`, n = 1..allowance), the bar's used codes and the log of every scan
// (`scans/`), with the inputs a scanner sends to scan a code or admit someone by hand.
import 'server-only';
import { z } from 'zod';
import { defineCollection } from '@/server/documents/port';
import { DocumentId } from '@/server/documents/document-id';
import { CODE_MAX, SCAN_MODES, SCAN_SOURCES, VERDICTS } from './scan-terms';

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
  }),
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
});
export type Passage = z.infer<typeof Passage>;
export const Exits = defineCollection('exits', Passage);
export const Reentries = defineCollection('reentries', Passage);

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
  /** Verdict details the scanner shows again to a retry (first admission, drinks left). */
  detail: z.object({ firstAt: z.date().nullable(), firstDevice: z.string().nullable(), drinksLeft: z.number().int().nullable() }),
  /** A scan a door decided without signal: when its list was fetched and when it was uploaded. */
  offline: z.object({ listAt: z.date(), uploadedAt: z.date() }).nullable().optional(),
});
export type ScanDocument = z.infer<typeof ScanDocument>;
export const Scans = defineCollection('scans', ScanDocument);

export const ScanInput = z.object({
  eventId: DocumentId,
  mode: z.enum(SCAN_MODES),
  code: z.string().trim().min(1).max(CODE_MAX),
  /** Chosen by the scanner for each scan; a retry sends the same one. */
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  source: z.enum(['camera', 'keyboard']),
  /** The door's name for this device ("Front door"), shown with a first admission. */
  device: z.string().trim().min(1).max(60),
});
export type ScanInput = z.input<typeof ScanInput>;

/**
 * What an offline door's upload flagged for the admins (decision 043): a second admission of one
 * member to one event (`secondAdmission`, naming both doors and times), an admission from a list
 * that was out of date (`staleList`: the membership had ended or the pass had a new phone), or an
 * admission whose code the server cannot verify (`badCode`). One per uploaded scan at most.
 */
export const DOOR_FLAGS = ['secondAdmission', 'staleList', 'badCode'] as const;
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

export const ManualAdmitInput = z.object({
  eventId: DocumentId,
  uid: DocumentId,
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  device: z.string().trim().min(1).max(60),
});
export type ManualAdmitInput = z.input<typeof ManualAdmitInput>;

/** The verdicts a door may reach offline: entry and exit (the bar stays online, decision 043). */
export const OFFLINE_VERDICTS = ['admitted', 'alreadyAdmitted', 'welcomeBack', 'invalid', 'expiredCode', 'noMembership', 'notOnTonight', 'exited', 'notInside', 'notCheckedIn'] as const;

/** A scan a door decided without signal, as it uploads it: the code read (or the member admitted by name), the verdict, when. */
export const OfflineDecision = z
  .object({
    eventId: DocumentId,
    nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    mode: z.enum(['entry', 'exit']),
    source: z.enum(SCAN_SOURCES),
    code: z.string().trim().min(1).max(CODE_MAX).optional(),
    uid: DocumentId.optional(),
    verdict: z.enum(OFFLINE_VERDICTS),
    /** Server time on the scanner's clock corrected by the offset it measured (decision 043). */
    decidedAt: z.date(),
    device: z.string().trim().min(1).max(60),
    /** When the door list the decision used was made (server time). */
    listAt: z.date(),
  })
  .refine((decision) => (decision.code === undefined) !== (decision.uid === undefined), { message: 'A code or a member, not both' })
  .refine((decision) => (decision.source === 'manual') === (decision.uid !== undefined), { message: 'A member by name is admitted by hand' });
export type OfflineDecision = z.input<typeof OfflineDecision>;

/** What an offline door uploads at once: its queue, oldest first, up to 50 scans a call. */
export const UploadInput = z.object({ decisions: z.array(OfflineDecision).min(1).max(50) });
