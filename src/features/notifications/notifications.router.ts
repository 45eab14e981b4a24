// Notifications: admins compose, schedule, send and follow them; everyone signed in reads their
// inbox and registers the devices that allowed push messages. Thin: access, input, one domain
// call; "send now" also starts the delivery, given the request's time where a scheduler takes over
// (decision 054). The acting person always comes from the session.
import 'server-only';
import { roleProcedure, router, signedInProcedure } from '@/server/trpc/init';
import { liveStream } from '@/server/live/live-stream';
import { limitRate } from '@/server/http/rate-limit';
import { MEMBER_AREA } from '@/navigation/routes';
import { env } from '@/server/env';
import { workInRequest } from '@/server/http/after-response';
import {
  announcements,
  cancelScheduled,
  deleteDraft,
  getNotification,
  listNotifications,
  saveNotification,
  scheduleNotification,
  sendNotificationNow,
} from './notifications';
import { deliverNotification, sendTestToSelf } from './delivery';
import { markAllRead, markRead } from './inbox';
import { inboxFeed, notificationFeed } from './notification-feeds';
import { registerDevice, unregisterDevice } from './push-devices';
import { IdInput, NotificationListInput, RegisterInput, SaveInput, ScheduleInput, UnregisterInput } from './notifications.inputs';

const admin = roleProcedure('admin');
/** How long "send now" holds its answer for the delivery where the CPU sleeps between requests. */
export const SEND_NOW_IN_REQUEST_MS = 10_000;
const members = roleProcedure(...MEMBER_AREA);

export const notificationsRouter = router({
  list: admin.input(NotificationListInput).query(({ ctx, input }) => listNotifications(ctx.documents, input)),
  get: admin.input(IdInput).query(({ ctx, input }) => getNotification(ctx.documents, input)),
  save: admin.input(SaveInput).mutation(({ ctx, input }) => saveNotification(ctx.documents, ctx.identity, input).then((id) => ({ id }))),
  schedule: admin.input(ScheduleInput).mutation(({ ctx, input }) => scheduleNotification(ctx.documents, ctx.identity, input)),
  /**
   * Queues it and starts the delivery on this server at once (a scheduler round would within a
   * minute). Where the CPU sleeps between requests (BACKGROUND_WORK=scheduler) the answer waits for
   * the delivery up to SEND_NOW_IN_REQUEST_MS, as the CPU is the request's meanwhile; what is left
   * goes on after the answer, and a delivery its server stopped is taken over by the next
   * notifications round once its lease ran out.
   */
  sendNow: admin.input(IdInput).mutation(async ({ ctx, input }) => {
    await sendNotificationNow(ctx.documents, ctx.identity, input);
    const delivery = deliverNotification({ documents: ctx.documents, push: ctx.push() }, input.id);
    await workInRequest(delivery, env.BACKGROUND_WORK === 'scheduler' ? SEND_NOW_IN_REQUEST_MS : 0, `Notification ${input.id}: the delivery (a later round takes it over)`);
  }),
  cancel: admin.input(IdInput).mutation(({ ctx, input }) => cancelScheduled(ctx.documents, ctx.identity, input)),
  delete: admin.input(IdInput).mutation(({ ctx, input }) => deleteDraft(ctx.documents, ctx.identity, input)),
  sendTest: admin.input(IdInput).mutation(async ({ ctx, input }) => {
    await limitRate('notificationTests', ctx.identity.uid);
    return sendTestToSelf({ documents: ctx.documents, push: ctx.push() }, ctx.identity, input);
  }),
  /**
   * The message, its state and its delivery figures as they change: in the app and by push from
   * the inbox and the chunks, by e-mail from the outbox's mails of it (as the senders record them).
   */
  live: admin.input(IdInput).subscription(({ ctx, input, signal }) => liveStream({ ...notificationFeed(ctx.documents, input), signal })),
});

export const inboxRouter = router({
  /** The caller's newest entries and unread count, as they change (the header's badge, /vip). */
  live: signedInProcedure.subscription(({ ctx, signal }) => liveStream({ ...inboxFeed(ctx.documents, ctx.identity), signal })),
  markRead: signedInProcedure.input(IdInput).mutation(({ ctx, input }) => markRead(ctx.documents, ctx.identity, input)),
  markAllRead: signedInProcedure.mutation(({ ctx }) => markAllRead(ctx.documents, ctx.identity)),
  /** The lounge's announcements: notifications sent to members. */
  announcements: members.query(({ ctx }) => announcements(ctx.documents, ctx.locale)),
});

export const pushRouter = router({
  /** What this browser needs to subscribe (the VAPID public key). */
  config: signedInProcedure.query(({ ctx }) => ctx.push().clientConfig()),
  register: signedInProcedure.input(RegisterInput).mutation(async ({ ctx, input }) => {
    await limitRate('pushRegistrations', ctx.identity.uid);
    return registerDevice(ctx.documents, ctx.identity, input);
  }),
  unregister: signedInProcedure.input(UnregisterInput).mutation(({ ctx, input }) => unregisterDevice(ctx.documents, ctx.identity, input)),
});
