// The signed-in person's own account. Thin: access, input, one domain call; the account is always
// the session's. A photo needs the VIP area's roles (as its uploads do) and is rate-limited: each
// one decodes a picture.
import 'server-only';
import { roleProcedure, router, signedInProcedure } from '@/server/trpc/init';
import { MEMBER_AREA } from '@/navigation/routes';
import { env } from '@/server/env';
import { limitRate } from '@/server/http/rate-limit';
import { renderAvatar } from './avatar-image';
import { getProfile, removeAvatar, setAvatar, signOutEverywhere, updateProfile } from './profile';
import { deleteAccount } from './account-deletion';
import { getMailSettings, updateMailSettings } from './mail-settings';
import { AvatarInput, DeleteAccountInput, MailSettingsInput, ProfileInput } from './profile.inputs';

const members = roleProcedure(...MEMBER_AREA);

export const profileRouter = router({
  get: signedInProcedure.query(({ ctx }) => getProfile(ctx.documents, ctx.identity)),
  update: signedInProcedure.input(ProfileInput).mutation(({ ctx, input }) => updateProfile(ctx.documents, ctx.accounts, ctx.identity, input)),
  setAvatar: members
    .input(AvatarInput)
    .mutation(async ({ ctx, input }) => {
      await limitRate('avatarChanges', ctx.identity.uid);
      return setAvatar({ documents: ctx.documents, accounts: ctx.accounts, files: ctx.files(), uploads: ctx.uploads(), render: renderAvatar, siteUrl: env.SITE_URL }, ctx.identity, input);
    }),
  /** What the person gets by mail, and whether their address takes mail at all. */
  getMail: signedInProcedure.query(({ ctx }) => getMailSettings(ctx.documents, ctx.identity)),
  updateMail: signedInProcedure.input(MailSettingsInput).mutation(({ ctx, input }) => updateMailSettings(ctx.documents, ctx.identity, input)),
  removeAvatar: signedInProcedure.mutation(({ ctx }) => removeAvatar({ documents: ctx.documents, accounts: ctx.accounts, files: ctx.files() }, ctx.identity)),
  signOutEverywhere: signedInProcedure.mutation(({ ctx }) => signOutEverywhere(ctx.documents, ctx.accounts, ctx.identity)),
  deleteAccount: signedInProcedure
    .input(DeleteAccountInput)
    .mutation(async ({ ctx, input }) => {
      await deleteAccount({ documents: ctx.documents, accounts: ctx.accounts, files: ctx.files(), uploads: ctx.uploads() }, ctx.identity, input);
    }),
});
