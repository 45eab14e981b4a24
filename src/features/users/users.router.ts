// Admin procedures over people's accounts. Thin: access, input, one domain call.
import 'server-only';
import { roleProcedure, router } from '@/server/trpc/init';
import { changeRole, getUserDetail, listUsers, setDisabled, signOutEverywhere } from './user-admin';
import { DisableInput, RoleChangeInput, UidInput, UserListInput } from './users.inputs';

const admin = roleProcedure('admin');

export const usersRouter = router({
  list: admin.input(UserListInput).query(({ ctx, input }) => listUsers(ctx.documents, input)),
  get: admin.input(UidInput).query(({ ctx, input }) => getUserDetail(ctx.documents, input)),
  setRole: admin
    .input(RoleChangeInput)
    .mutation(({ ctx, input }) => changeRole(ctx.documents, ctx.accounts, ctx.identity, input)),
  setDisabled: admin
    .input(DisableInput)
    .mutation(({ ctx, input }) => setDisabled(ctx.documents, ctx.accounts, ctx.identity, input)),
  signOutEverywhere: admin
    .input(UidInput)
    .mutation(({ ctx, input }) => signOutEverywhere(ctx.documents, ctx.accounts, ctx.identity, input)),
});
