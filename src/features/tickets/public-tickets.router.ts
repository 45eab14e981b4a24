// Public tickets from an event's page. Thin: access, input, one domain call. Anyone sees how many
// are left; a signed-in person (any role or none) takes one, joins the waitlist, or leaves it.
import 'server-only';
import { publicProcedure, router, signedInProcedure } from '@/server/trpc/init';
import { limitRate } from '@/server/http/rate-limit';
import type { Context } from '@/server/trpc/context';
import { getTicketKeys } from '@/features/door/ticket-keys';
import { leaveWaitlist, myPublicTicket, publicTicketAvailability, takePublicTicket } from './public-tickets';
import type { PublicTicketPorts } from './public-tickets-records';
import { PublicEventInput } from './tickets.inputs';

/** The ticket key is read only by the procedures that make tickets. */
export function publicTicketPorts(ctx: Pick<Context, 'documents' | 'push'>): PublicTicketPorts {
  return { documents: ctx.documents, keys: getTicketKeys(), push: ctx.push() };
}

export const publicTicketsRouter = router({
  availability: publicProcedure.input(PublicEventInput).query(({ ctx, input }) => publicTicketAvailability(ctx.documents, input)),
  mine: signedInProcedure.input(PublicEventInput).query(({ ctx, input }) => myPublicTicket(ctx.documents, ctx.identity, input)),
  take: signedInProcedure.input(PublicEventInput).mutation(async ({ ctx, input }) => {
    await limitRate('publicTickets', ctx.identity.uid);
    return takePublicTicket(publicTicketPorts(ctx), ctx.identity, input);
  }),
  leave: signedInProcedure.input(PublicEventInput).mutation(async ({ ctx, input }) => {
    await limitRate('publicTickets', ctx.identity.uid);
    return leaveWaitlist(publicTicketPorts(ctx), ctx.identity, input);
  }),
});
