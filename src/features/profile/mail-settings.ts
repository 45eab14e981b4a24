// What the person chose to get by mail, on their profile: service mails (sign-in, membership,
// tickets) always come and need no choice; announcements only after a yes here, which makes the
// token their one-click unsubscribe carries (a no keeps it, so an older mail's link still answers
// "already unsubscribed"); for admins, the morning digest of waiting membership requests and the
// summary of last night at the door (src/features/door/night-summary.ts). And
// whether mail reaches them at all: an address whose server refused it for good gets nothing
// until the person gives another one, and the profile says so.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import { DomainError } from '@/server/domain-error';
import type { Identity } from '@/access/identity';
import { Users, type UserDocument } from '@/features/identity/users';
import { mailSettingsOf, newUnsubscribeToken } from '@/features/mail/preferences';
import { undeliverableSince } from '@/features/mail/addresses';
import type { MailSettingsInput } from './profile.inputs';

export interface MailSettings {
  /** The address mail goes to: the account's sign-in address. */
  email: string | null;
  announcements: boolean;
  digest: boolean;
  /** Only admins decide on membership requests, so only they are offered the digest of them. */
  digestOffered: boolean;
  /** The summary of last night at the door by e-mail at 10:00. */
  nightSummary: boolean;
  /** Only admins see the door's figures, so only they are offered the night's summary. */
  nightSummaryOffered: boolean;
  /** Since when the address's server refuses mail, or null while mail reaches it. */
  undeliverable: { at: Date } | null;
}

async function view(documents: Documents, identity: Identity, user: UserDocument): Promise<MailSettings> {
  const settings = mailSettingsOf(user);
  const refused = await undeliverableSince(documents, user.email);
  return {
    email: user.email,
    announcements: settings.announcements,
    digest: settings.digest,
    digestOffered: identity.role === 'admin',
    nightSummary: settings.nightSummary,
    nightSummaryOffered: identity.role === 'admin',
    undeliverable: refused ? { at: refused.at } : null,
  };
}

export async function getMailSettings(documents: Documents, identity: Identity): Promise<MailSettings> {
  const user = (await documents.collection(Users).doc(identity.uid).get()).data;
  if (!user) throw new DomainError('not-found', 'accountNotFound');
  return view(documents, identity, user);
}

export async function updateMailSettings(documents: Documents, identity: Identity, input: MailSettingsInput): Promise<MailSettings> {
  if (input.digest && identity.role !== 'admin') throw new DomainError('forbidden', 'mailDigestAdminsOnly', {}, { field: 'digest' });
  // The role is checked again when the summary is queued: an admin who is one no longer gets none.
  if (input.nightSummary && identity.role !== 'admin') throw new DomainError('forbidden', 'mailNightSummaryAdminsOnly', {}, { field: 'nightSummary' });
  const ref = documents.collection(Users).doc(identity.uid);
  const user = await documents.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data;
    if (!current) throw new DomainError('not-found', 'accountNotFound');
    const settings = mailSettingsOf(current);
    // A new yes gets a new token, so a link from before an earlier no cannot stop this one; saying
    // yes again while on keeps the token the mails already sent carry.
    const saysYes = input.announcements === true && !(settings.announcements && settings.unsubscribeToken);
    const mail = {
      announcements: input.announcements ?? settings.announcements,
      unsubscribeToken: saysYes ? newUnsubscribeToken() : settings.unsubscribeToken,
      digest: input.digest ?? settings.digest,
      nightSummary: input.nightSummary ?? settings.nightSummary,
    };
    tx.update(ref, { mail });
    return { ...current, mail };
  });
  return view(documents, identity, user);
}
