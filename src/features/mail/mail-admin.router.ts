// The admins' view of the mail outbox, shown on /admin. A router of its own beside the mail
// feature's other procedures (sign-in links), registered as `mailOutbox`.
import 'server-only';
import { roleProcedure, router } from '@/server/trpc/init';
import { getMailTransport } from '@/server/mail/mail';
import { outboxState } from './outbox-state';

export const mailOutboxRouter = router({
  state: roleProcedure('admin').query(({ ctx }) => outboxState(ctx.documents, getMailTransport(), new Date())),
});
