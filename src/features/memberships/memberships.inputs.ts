// What the membership procedures accept: a person's request, the admins' decisions (each naming
// the revision the admin saw) and the list's options. Parsed once by the procedure; the domain
// functions take the parsed types. Plain zod, no server code: the decision dialog parses with the
// same schemas.
import { z } from 'zod';
import { formFields } from '@/forms/fields';
import { DocumentId } from '@/server/documents/document-id';
import { GUESTS_PER_SEASON_MAX, MEMBERSHIP_STATUSES, NOTE_MAX } from './membership-rules';

const Note = z.string().trim().max(NOTE_MAX);

export const RequestInput = z.object({ note: Note.default('') });
export type RequestInput = z.infer<typeof RequestInput>;

/** A decision names the revision the admin saw: a change made meanwhile refuses it. */
const Decision = { id: DocumentId, revision: z.number().int().nonnegative() };

/** Guests a season's membership gives, where the admin sets it (else it stays as it is: 12 for a new one). */
const GuestsPerSeason = formFields.number().int().min(0).max(GUESTS_PER_SEASON_MAX).optional();

const Approval = { validUntil: z.date().nullish(), note: Note.default(''), guestsPerSeason: GuestsPerSeason };
/**
 * Approves a request (by its id and the revision the admin saw), or makes a person a member from
 * their page (by their uid): the one way an account becomes a member.
 */
export const ApproveInput = z.union([z.object({ ...Decision, ...Approval }), z.object({ uid: DocumentId, ...Approval })]);
export type ApproveInput = z.infer<typeof ApproveInput>;
export const ExtendInput = z.object({ ...Decision, validUntil: z.date(), note: Note.default(''), guestsPerSeason: GuestsPerSeason });
export type ExtendInput = z.infer<typeof ExtendInput>;
export const CancelInput = z.object({ ...Decision, reason: Note.min(1) });
export type CancelInput = z.infer<typeof CancelInput>;
export const WithdrawInput = z.object({ id: DocumentId });
export type WithdrawInput = z.infer<typeof WithdrawInput>;

/** A person's memberships, for the admins. */
export const PersonInput = z.object({ uid: DocumentId });
export type PersonInput = z.infer<typeof PersonInput>;

export const MEMBERSHIP_FILTERS = ['all', ...MEMBERSHIP_STATUSES] as const;

export const MembershipListInput = z.object({
  filter: z.enum(MEMBERSHIP_FILTERS).default('all'),
  search: z.string().trim().max(100).default(''),
  cursor: DocumentId.nullish(),
});
export type MembershipListInput = z.infer<typeof MembershipListInput>;
