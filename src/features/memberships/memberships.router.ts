// Membership procedures. Thin: access, input, one domain call. A person asks for and withdraws
// their own request; admins decide. The caller always comes from the session.
import 'server-only';
import { roleProcedure, router, signedInProcedure } from '@/server/trpc/init';
import { approveMembership, cancelMembership, extendMembership, listMemberships, membershipCounts, membershipsOf, myMembership, requestMembership, withdrawRequest } from './memberships';
import { ApproveInput, CancelInput, ExtendInput, MembershipListInput, PersonInput, RequestInput, WithdrawInput } from './memberships.inputs';

const admin = roleProcedure('admin');

export const membershipsRouter = router({
  mine: signedInProcedure.query(({ ctx }) => myMembership(ctx.documents, ctx.identity)),
  request: signedInProcedure.input(RequestInput).mutation(({ ctx, input }) => requestMembership(ctx.documents, ctx.identity, input)),
  withdraw: signedInProcedure.input(WithdrawInput).mutation(({ ctx, input }) => withdrawRequest(ctx.documents, ctx.identity, input)),
  list: admin.input(MembershipListInput).query(({ ctx, input }) => listMemberships(ctx.documents, input)),
  ofUser: admin.input(PersonInput).query(({ ctx, input }) => membershipsOf(ctx.documents, input)),
  counts: admin.query(({ ctx }) => membershipCounts(ctx.documents)),
  approve: admin.input(ApproveInput).mutation(({ ctx, input }) => approveMembership(ctx.documents, ctx.accounts, ctx.identity, input)),
  extend: admin.input(ExtendInput).mutation(({ ctx, input }) => extendMembership(ctx.documents, ctx.accounts, ctx.identity, input)),
  cancel: admin.input(CancelInput).mutation(({ ctx, input }) => cancelMembership(ctx.documents, ctx.accounts, ctx.identity, input)),
});
