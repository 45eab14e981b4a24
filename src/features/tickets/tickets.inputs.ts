// What the tickets' procedures accept. Plain zod, no server code (the admin's form parses with it
// too); parsed once by the procedure, the domain functions take the parsed types.
import { z } from 'zod';
import { DocumentId } from '@/server/documents/document-id';
import { formFields } from '@/forms/validation';
import { LOCALES } from '@/i18n/routing';
import { PARTY_MAX, TICKET_KINDS } from '@/features/door/constants';

// ---- public tickets (the event's page) ----

export const PublicEventInput = z.object({ eventId: DocumentId });
export type PublicEventInput = z.infer<typeof PublicEventInput>;

// ---- the admins' "Guests & tickets": an event's tickets (a page, a kind), a guest-list entry
// ("Kai +3", an address to mail the ticket to where one is given, the mail's language), a ticket ----
export const HOLDER_NAME_MAX = 100;
export const HOLDER_EMAIL_MAX = 254;

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
  party: z.number().int('wholeNumber').min(0).max(PARTY_MAX),
  /** The language of the ticket's mail and page. */
  locale: z.enum(LOCALES),
});
export type GuestListEntryInput = z.infer<typeof GuestListEntryInput>;

export const TicketIdInput = z.object({ ticketId: DocumentId });
export type TicketIdInput = z.infer<typeof TicketIdInput>;
