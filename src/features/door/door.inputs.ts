// What the door's procedures accept: the scanner's scans, admissions by hand and offline uploads,
// the door list and search, the admins' figures and the member's phone key. Parsed once by the
// procedure; the domain functions take the parsed types. Plain zod, no server code: the scanner's
// queue and sync use these types too, and "Admit anyway" checks its reason with them.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { PUBLIC_KEY_PATTERN } from './pass-code';
import { CODE_MAX, OVERRIDE_REASON_MAX, SCAN_MODES, SCAN_SOURCES } from './constants';

/** Chosen by the scanner for each scan; a retry sends the same one. */
const Nonce = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/** The door's name for this device ("Front door"), shown with a first admission. */
const Device = z.string().trim().min(1).max(60);
const Code = z.string().trim().min(1).max(CODE_MAX);

export const ScanInput = z.object({ eventId: DocumentId, mode: z.enum(SCAN_MODES), code: Code, nonce: Nonce, source: z.enum(['camera', 'keyboard']), device: Device });
export type ScanInput = z.infer<typeof ScanInput>;

export const ManualAdmitInput = z.object({ eventId: DocumentId, uid: DocumentId, nonce: Nonce, device: Device });
export type ManualAdmitInput = z.infer<typeof ManualAdmitInput>;

/** Why a door let someone in past the capacity: said in words, for the admins. */
const OverrideReason = z.string().trim().min(3, 'overrideReasonShort').max(OVERRIDE_REASON_MAX);

/** "Admit anyway" after a "Full": the scan that was full (this scanner's nonce for it), a new nonce, the reason. */
export const AdmitAnywayInput = z.object({ eventId: DocumentId, fullNonce: Nonce, nonce: Nonce, device: Device, reason: OverrideReason });
export type AdmitAnywayInput = z.infer<typeof AdmitAnywayInput>;

/** The verdicts a door may reach offline: entry and exit (the bar stays online, decision 043). */
export const OFFLINE_VERDICTS = ['admitted', 'alreadyAdmitted', 'welcomeBack', 'invalid', 'expiredCode', 'noMembership', 'notOnTonight', 'exited', 'notInside', 'notCheckedIn', 'notAdmitted', 'full'] as const;

/** A scan a door decided without signal, as it uploads it: the code read (or the member admitted by name), the verdict, when. */
export const OfflineDecision = z
  .object({
    eventId: DocumentId,
    nonce: Nonce,
    mode: z.enum(['entry', 'exit']),
    source: z.enum(SCAN_SOURCES),
    code: Code.optional(),
    uid: DocumentId.optional(),
    verdict: z.enum(OFFLINE_VERDICTS),
    /** Server time on the scanner's clock corrected by the offset it measured (decision 043). */
    decidedAt: z.date(),
    device: Device,
    /** When the door list the decision used was made (server time). */
    listAt: z.date(),
    /** "Admit anyway" at a door the phone counted full: an admission, with its reason. */
    override: z.object({ reason: OverrideReason }).optional(),
  })
  .refine((decision) => (decision.code === undefined) !== (decision.uid === undefined), { message: 'A code or a member, not both' })
  .refine((decision) => (decision.source === 'manual') === (decision.uid !== undefined), { message: 'A member by name is admitted by hand' })
  .refine((decision) => !decision.override || decision.verdict === 'admitted' || decision.verdict === 'welcomeBack', { message: 'Only an entry is admitted anyway' });
export type OfflineDecision = z.infer<typeof OfflineDecision>;

/** What an offline door uploads at once: its queue, oldest first, up to 50 scans a call. */
export const UploadInput = z.object({ decisions: z.array(OfflineDecision).min(1).max(50) });
export type UploadInput = z.infer<typeof UploadInput>;

/**
 * The door list (decision 053): its first page (the event alone), the next page (the cursor the
 * last page gave), or what changed since the list's time (`since`). A cursor is the server's own
 * making, opaque to the phone: base64url, bounded.
 */
export const DoorListInput = z
  .object({
    eventId: DocumentId,
    cursor: z.string().min(1).max(4096).regex(/^[A-Za-z0-9_-]+$/).optional(),
    since: z.date().optional(),
  })
  .refine((input) => input.cursor === undefined || input.since === undefined, { message: 'A page or the changes, not both' });
export type DoorListInput = z.infer<typeof DoorListInput>;

/** One event's door: its list, its live activity, its figures. */
export const DoorEventInput = z.object({ eventId: DocumentId });
export type DoorEventInput = z.infer<typeof DoorEventInput>;

export const DoorSearchInput = z.object({ eventId: DocumentId, query: z.string().trim().min(2).max(80) });
export type DoorSearchInput = z.infer<typeof DoorSearchInput>;

export const CountsOfInput = z.object({ eventIds: z.array(DocumentId).min(1).max(50) });
export type CountsOfInput = z.infer<typeof CountsOfInput>;

/** A person the admins look at or give a new pass. */
export const PersonInput = z.object({ uid: DocumentId });
export type PersonInput = z.infer<typeof PersonInput>;

export const RegisterPassKeyInput = z.object({ publicKey: z.string().regex(PUBLIC_KEY_PATTERN) });
export type RegisterPassKeyInput = z.infer<typeof RegisterPassKeyInput>;
