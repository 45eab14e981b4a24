// The caller's own identity, as the server sees it.
import { signedInProcedure, router } from '@/server/trpc/init';

export const identityRouter = router({
  me: signedInProcedure.query(({ ctx }) => ctx.identity),
});
