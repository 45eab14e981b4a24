// What the guest and ticket procedures accept: a member's guest (the event, a name, an optional
// address), a guest to cancel, and a ticket page's link (the ticket's id and its secret). Plain zod,
// no server code: the "Bring a guest" form and the ticket page parse with the same schemas.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';

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
