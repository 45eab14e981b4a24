// The mails a person asks for themselves: a sign-in link and a password reset (anyone, for any
// address; the reset answers the same whether the address has an account) and the link that
// confirms the signed-in person's own address. Thin: where the app sends these at all, the limits
// per address and per client, one domain call.
import 'server-only';
import { publicProcedure, router, signedInProcedure } from '@/server/trpc/init';
import { env } from '@/server/env';
import { DomainError } from '@/server/domain-error';
import { limitRate } from '@/server/http/rate-limit';
import { authMailsOf } from '@/server/mail/mail';
import type { Context } from '@/server/trpc/context';
import { addressKey } from './outbox';
import { mailAddressConfirmation, mailPasswordReset, mailSignInLink, type AuthMailPorts } from './auth-mails';
import { PasswordResetInput, SignInLinkInput } from './mail.inputs';

/**
 * Where Firebase's templates mail these, the app does not as well (one way to do it), and the
 * browser never asks; then the limits: the client's first, so a script spends no address's turn.
 */
async function mayMail(ctx: Context, to: string | null): Promise<void> {
  if (authMailsOf() !== 'app') throw new DomainError('forbidden', 'authMailsByFirebase');
  await limitRate('authMailsFromClient', ctx.clientAddress);
  if (to) await limitRate('authMailsToAddress', addressKey(to));
}

const ports = (ctx: Context): AuthMailPorts => ({ documents: ctx.documents, accounts: ctx.accounts, siteUrl: env.SITE_URL });

export const mailRouter = router({
  sendSignInLink: publicProcedure.input(SignInLinkInput).mutation(async ({ ctx, input }) => {
    await mayMail(ctx, input.email);
    await mailSignInLink(ports(ctx), input);
  }),
  sendPasswordReset: publicProcedure.input(PasswordResetInput).mutation(async ({ ctx, input }) => {
    await mayMail(ctx, input.email);
    await mailPasswordReset(ports(ctx), input);
  }),
  sendAddressConfirmation: signedInProcedure.mutation(async ({ ctx }) => {
    await mayMail(ctx, ctx.identity.email);
    return mailAddressConfirmation(ports(ctx), ctx.identity, ctx.locale);
  }),
});
