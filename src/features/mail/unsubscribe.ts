// Stopping announcements by the link a mail carried, without signing in (RFC 8058). The link's
// token is the only proof, so it is compared in constant time, also for an account that does not
// exist; a wrong token changes nothing. Saying it again is fine: the token stays (only a new "yes"
// on the profile replaces it), so a mail program that posts twice, or a person who clicks the
// mail's link after their program already unsubscribed them, hears "already done", not "invalid".
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { Users } from '@/features/identity/users';
import { mailSettingsOf, tokenMatches } from './preferences';
import type { UnsubscribeLink } from './mail.inputs';
import type { UnsubscribeResult } from './constants';

/** What a link does by itself (`notOneClick` is the endpoint's, for a post without RFC 8058's body). */
export type UnsubscribeOutcome = Exclude<UnsubscribeResult, 'notOneClick'>;

/** Compared when there is no account, so an unknown uid takes as long as a wrong token. */
const NOBODY_TOKEN = 'x'.repeat(24);

export async function unsubscribeByLink(documents: Documents, link: UnsubscribeLink): Promise<UnsubscribeOutcome> {
  const ref = documents.collection(Users).doc(link.u);
  return documents.runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data;
    const settings = user ? mailSettingsOf(user) : null;
    const matches = tokenMatches(settings?.unsubscribeToken ?? NOBODY_TOKEN, link.t);
    if (!user || !settings?.unsubscribeToken || !matches) return 'invalidLink';
    if (!settings.announcements) return 'alreadyUnsubscribed';
    tx.update(ref, { mail: { ...settings, announcements: false } });
    return 'unsubscribed';
  });
}
