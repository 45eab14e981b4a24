// The caller's own identity, as the server sees it.
import 'server-only';
import { signedInProcedure, router } from '@/server/trpc/init';

export const identityRouter = router({
  // Who is signed in, as the page shows them: not which session (the server's own key for limits).
  me: signedInProcedure.query(({ ctx }) => {
    const { session: _session, ...person } = ctx.identity;
    return person;
  }),
});
