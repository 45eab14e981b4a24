// The admins' "Guests & tickets" of an event. Thin: access, input, one domain call.
import 'server-only';
import { roleProcedure, router } from '@/server/trpc/init';
import { limitRate } from '@/server/http/rate-limit';
import { getTicketKeys } from '@/features/door/ticket-keys';
import { addGuestListEntry, cancelByAdmin, eventTickets } from './ticket-admin';
import { waitlistOf } from './waitlist';
import { publicTicketPorts } from './public-tickets.router';
import { EventTicketsInput, GuestListEntryInput, PublicEventInput, TicketIdInput } from './tickets.inputs';

const admin = roleProcedure('admin');

export const ticketAdminRouter = router({
  list: admin.input(EventTicketsInput).query(({ ctx, input }) => eventTickets(ctx.documents, input)),
  waitlist: admin.input(PublicEventInput).query(({ ctx, input }) => waitlistOf(ctx.documents, input)),
  addGuestListEntry: admin.input(GuestListEntryInput).mutation(async ({ ctx, input }) => {
    await limitRate('ticketAdmin', ctx.identity.uid);
    return addGuestListEntry({ documents: ctx.documents, keys: getTicketKeys() }, ctx.identity, input);
  }),
  cancel: admin.input(TicketIdInput).mutation(async ({ ctx, input }) => {
    await limitRate('ticketAdmin', ctx.identity.uid);
    return cancelByAdmin(publicTicketPorts(ctx), ctx.identity, input);
  }),
});
