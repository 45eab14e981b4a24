// A member's guests (`guests.*`) and the ticket page (`tickets.*`). Thin: access, input, limits,
// one domain call. Bringing a guest is for the VIP area's people; whether they hold a membership
// that gives guests is the domain's answer. The ticket page needs no sign-in: its link is the proof.
import 'server-only';
import { publicProcedure, roleProcedure, router } from '@/server/trpc/init';
import { limitRate } from '@/server/http/rate-limit';
import { MEMBER_AREA } from '@/navigation/routes';
import type { Context } from '@/server/trpc/context';
import { getTicketKeys } from '@/features/door/ticket-keys';
import type { TicketPorts } from './tickets';
import { bringGuest, cancelGuest, myGuests } from './guests';
import { cancelOwnTicket, ticketForPage } from './ticket-page';
import { BringGuestInput, CancelGuestInput, TicketLinkInput } from './tickets.inputs';

const members = roleProcedure(...MEMBER_AREA);

/** The ticket key is read only by the procedures that sign or show a code. */
function ticketPorts(ctx: Pick<Context, 'documents'>): TicketPorts {
  return { documents: ctx.documents, keys: getTicketKeys() };
}

export const guestsRouter = router({
  /** The caller's guests at events that have not ended, with their arrival, and the season's allowance. */
  mine: members.query(({ ctx }) => myGuests(ctx.documents, ctx.identity)),
  /** Brings a guest: the answer carries the ticket's link, the only time its secret is in clear. */
  bring: members.input(BringGuestInput).mutation(async ({ ctx, input }) => {
    await limitRate('guestsBrought', ctx.identity.uid);
    return bringGuest(ticketPorts(ctx), ctx.identity, input);
  }),
  cancel: members.input(CancelGuestInput).mutation(({ ctx, input }) => cancelGuest(ctx.documents, ctx.identity, input)),
});

export const ticketsRouter = router({
  /** The ticket a link opens; a wrong secret is the same NOT_FOUND as no ticket. */
  get: publicProcedure.input(TicketLinkInput).query(async ({ ctx, input }) => {
    await limitRate('ticketPages', ctx.clientAddress);
    return ticketForPage(ticketPorts(ctx), input);
  }),
  /** The holder's "cancel my ticket": it stops admitting and their name and address are deleted. */
  cancel: publicProcedure.input(TicketLinkInput).mutation(async ({ ctx, input }) => {
    await limitRate('ticketPages', ctx.clientAddress);
    return cancelOwnTicket(ctx.documents, input);
  }),
});
