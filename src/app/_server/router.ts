// The application router: one entry per feature.
import 'server-only';
import { router, createCallerFactory } from '@/server/trpc/init';
import { healthRouter } from '@/features/health/health.router';
import { identityRouter } from '@/features/identity/identity.router';
import { usersRouter } from '@/features/users/users.router';
import { imagesRouter } from '@/features/images/images.router';
import { eventsRouter } from '@/features/events/events.router';
import { eventCovers } from '@/features/events/event-admin';
import { membershipsRouter } from '@/features/memberships/memberships.router';
import { bansRouter } from '@/features/bans/bans.router';
import { profileRouter } from '@/features/profile/profile.router';
import { doorRouter, passRouter } from '@/features/door/door.router';
import { inboxRouter, notificationsRouter, pushRouter } from '@/features/notifications/notifications.router';
import { mailRouter } from '@/features/mail/mail.router';
import { mailOutboxRouter } from '@/features/mail/mail-admin.router';
import { ticketAdminRouter } from '@/features/tickets/ticket-admin.router';
import { publicTicketsRouter } from '@/features/tickets/public-tickets.router';
import { guestsRouter, ticketsRouter } from '@/features/tickets/guests.router';

export const appRouter = router({
  health: healthRouter,
  identity: identityRouter,
  users: usersRouter,
  images: imagesRouter(eventCovers),
  events: eventsRouter,
  memberships: membershipsRouter,
  bans: bansRouter,
  profile: profileRouter,
  pass: passRouter,
  door: doorRouter,
  notifications: notificationsRouter,
  inbox: inboxRouter,
  push: pushRouter,
  mail: mailRouter,
  mailOutbox: mailOutboxRouter,
  ticketAdmin: ticketAdminRouter,
  publicTickets: publicTicketsRouter,
  guests: guestsRouter,
  tickets: ticketsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
