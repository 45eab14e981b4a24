// What the tickets' procedures accept: a member's guest (the event, a name, an optional address), a
// guest to cancel, a ticket page's link (the ticket's id and its secret), an event's public tickets,
// and the admins' list, guest-list entries and cancels. Plain zod, no server code: the forms and the
// ticket page parse with the same schemas; parsed once by the procedure, the domain functions take
// the parsed types.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { formFields } from '@/forms/fields';
import { LOCALES } from '@/i18n/routing';
import { PARTY_MAX, TICKET_KINDS } from '@/features/door/constants';

// ---- a member's guests and the ticket page ----

/** A guest's name as the door reads it out: long enough for "Maria-Theresa von Habsburg-Lothringen". */
export const GUEST_NAME_MAX = 80;
/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const GUEST_EMAIL_MAX = 254;

const GuestName = z.string().trim().min(1, 'required').max(GUEST_NAME_MAX, 'tooLong');
/** Optional: an empty field is no address (null), anything else must be one. */
const GuestEmail = z
  .string()
  .trim()
  .max(GUEST_EMAIL_MAX, 'tooLong')
  .pipe(z.union([z.literal(''), z.email('email')]))
  .transform((value) => (value === '' ? null : value.toLowerCase()));

export const BringGuestInput = z.object({ eventId: DocumentId, name: GuestName, email: GuestEmail.default('') });
export type BringGuestInput = z.infer<typeof BringGuestInput>;

/** A ticket's id as createTicket makes it: 16 base64url characters (96 random bits). */
const TicketId = z.string().regex(/^[A-Za-z0-9_-]{16}$/);
/** A ticket link's secret as createTicket makes it: 32 base64url characters (192 random bits). */
const TicketSecret = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

export const CancelGuestInput = z.object({ ticketId: TicketId });
export type CancelGuestInput = z.infer<typeof CancelGuestInput>;

/** A ticket page's link: whoever holds it holds the ticket. */
export const TicketLinkInput = z.object({ id: TicketId, key: TicketSecret });
export type TicketLinkInput = z.infer<typeof TicketLinkInput>;

// ---- public tickets (the event's page) ----

export const PublicEventInput = z.object({ eventId: DocumentId });
export type PublicEventInput = z.infer<typeof PublicEventInput>;

// ---- the admins' "Guests & tickets": an event's tickets (a page, a kind), a guest-list entry
// ("Kai +3", an address to mail the ticket to where one is given, the mail's language), a ticket ----
export const HOLDER_NAME_MAX = 100;
export const HOLDER_EMAIL_MAX = GUEST_EMAIL_MAX;

export const EventTicketsInput = z.object({
  eventId: DocumentId,
  kind: z.enum(TICKET_KINDS).nullish(),
  cursor: DocumentId.nullish(),
});
export type EventTicketsInput = z.infer<typeof EventTicketsInput>;

export const GuestListEntryInput = z.object({
  eventId: DocumentId,
  name: formFields.requiredText().max(HOLDER_NAME_MAX),
  /** Empty: nobody is mailed; the admin hands the link on or the door admits by name. */
  email: z.union([z.literal(''), z.string().trim().max(HOLDER_EMAIL_MAX).pipe(z.email('email'))]).default(''),
  party: formFields.number().int('wholeNumber').min(0).max(PARTY_MAX),
  /** The language of the ticket's mail and page. */
  locale: z.enum(LOCALES),
});
export type GuestListEntryInput = z.infer<typeof GuestListEntryInput>;

export const TicketIdInput = z.object({ ticketId: DocumentId });
export type TicketIdInput = z.infer<typeof TicketIdInput>;
