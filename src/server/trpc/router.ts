// The application router: one entry per feature.
import { router, createCallerFactory } from './init';
import { healthRouter } from '@/features/health/health.router';
import { identityRouter } from '@/features/identity/identity.router';
import { usersRouter } from '@/features/users/users.router';
import { imagesRouter } from '@/features/images/images.router';
import { eventsRouter } from '@/features/events/events.router';
import { membershipsRouter } from '@/features/memberships/memberships.router';
import { profileRouter } from '@/features/profile/profile.router';
import { doorRouter, passRouter } from '@/features/door/door.router';

export const appRouter = router({
  health: healthRouter,
  identity: identityRouter,
  users: usersRouter,
  images: imagesRouter,
  events: eventsRouter,
  memberships: membershipsRouter,
  profile: profileRouter,
  pass: passRouter,
  door: doorRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
