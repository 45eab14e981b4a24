// Events: the admin's tools (behind the admin role) and the public programme's live list.
// Thin: access, input, one call.
import 'server-only';
import { adminChangingEvents, publicProcedure, roleProcedure, router } from '@/server/trpc/init';
import { liveStream } from '@/server/live/live-stream';
import { listPublicEvents, nextEventsForMembers, PublicEvents } from './public-events';
import { MEMBER_AREA } from '@/navigation/routes';
import { changeEventStatus, createEvent, duplicateEvent, getEventForAdmin, listEventsForAdmin, programmeOverview, updateEvent } from './event-admin';
import { AdminEventListInput, EventIdInput, EventInput, EventStatusInput, EventUpdateInput } from './events.inputs';

const admin = roleProcedure('admin');

/** How many coming events the VIP home shows. */
export const MEMBER_EVENTS_SHOWN = 3;

export const eventsRouter = router({
  /** The next events with the members' drinks at the VIP bar. */
  forMembers: roleProcedure(...MEMBER_AREA).query(({ ctx }) => nextEventsForMembers(ctx.documents, MEMBER_EVENTS_SHOWN)),
  overview: admin.query(({ ctx }) => programmeOverview(ctx.documents)),
  list: admin.input(AdminEventListInput).query(({ ctx, input }) => listEventsForAdmin(ctx.documents, input)),
  get: admin.input(EventIdInput).query(({ ctx, input }) => getEventForAdmin(ctx.documents, input)),
  create: adminChangingEvents.input(EventInput).mutation(({ ctx, input }) => createEvent(ctx.documents, ctx.identity, input)),
  update: adminChangingEvents.input(EventUpdateInput).mutation(({ ctx, input }) => updateEvent(ctx.documents, ctx.identity, input)),
  changeStatus: adminChangingEvents.input(EventStatusInput).mutation(({ ctx, input }) => changeEventStatus(ctx.documents, ctx.identity, input)),
  duplicate: adminChangingEvents.input(EventIdInput).mutation(({ ctx, input }) => duplicateEvent(ctx.documents, ctx.identity, input)),
  /** The public programme as it changes (embedded backend; Firebase reads it with onSnapshot). */
  live: publicProcedure.subscription(({ ctx, signal }) =>
    liveStream({
      documents: ctx.documents,
      key: 'events.live',
      concerns: { [PublicEvents.name]: 'every' },
      read: () => listPublicEvents(ctx.documents),
      signal,
    }),
  ),
});
