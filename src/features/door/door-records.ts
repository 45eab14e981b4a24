// What the door writes: admissions (`checkins/{eventId}_{uid}`, one per member and event), exits
// and re-entries after it (`exits/{eventId}_{uid}_{n}` and `reentries/{eventId}_{uid}_{n}`, the
// n-th of each: a member is inside while they have as many re-entries as exits), drinks
// (`drinks/{eventId}_{uid}_{n}`, n = 1..allowance), the bar's used codes and the log of every scan
// (`scans/`), with the inputs a scanner sends to scan a code or admit someone by hand.
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
  }),
);

export type CheckinDocument = z.infer<typeof Checkins.schema>;

// `source` is absent on drinks poured before the report named how each drink was scanned.
export const Drinks = defineCollection('drinks', z.object({ eventId: z.string(), uid: z.string(), number: z.number().int().positive(), at: z.date(), scannerUid: z.string(), device: z.string(), source: z.enum(SCAN_SOURCES).optional() }));

/** A member leaving after admission, or coming back: the n-th of each per member and event (a create, so two doors agree). */
const Passage = z.object({ eventId: z.string(), uid: z.string(), number: z.number().int().positive(), at: z.date(), scannerUid: z.string(), device: z.string(), source: z.enum(SCAN_SOURCES) });
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

export const ManualAdmitInput = z.object({
  eventId: DocumentId,
  uid: DocumentId,
  nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  device: z.string().trim().min(1).max(60),
});
export type ManualAdmitInput = z.input<typeof ManualAdmitInput>;
