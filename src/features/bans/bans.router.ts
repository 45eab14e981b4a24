// The admins' house ban list. Thin: access, input, one domain call.
import 'server-only';
import { roleProcedure, router } from '@/server/trpc/init';
import { bansOfPerson, liftBan, listBans, setBan } from './ban-admin';
import { BanIdInput, BanInput, BanOfPersonInput } from './bans.inputs';

const admin = roleProcedure('admin');

export const bansRouter = router({
  list: admin.query(({ ctx }) => listBans(ctx.documents)),
  ofPerson: admin.input(BanOfPersonInput).query(({ ctx, input }) => bansOfPerson(ctx.documents, input)),
  set: admin.input(BanInput).mutation(({ ctx, input }) => setBan(ctx.documents, ctx.identity, input)),
  lift: admin.input(BanIdInput).mutation(({ ctx, input }) => liftBan(ctx.documents, ctx.identity, input)),
});
