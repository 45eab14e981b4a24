// Sign-in links, address confirmations and password resets, mailed by the app where it sends these
// (always on the embedded backend, on Firebase with AUTH_MAILS=app; decision 048): Firebase Auth
// makes the one-time code, the outbox mails it in the person's language, and the link leads to the
// app's own /confirm page, never to Firebase's or the emulator's action page. A reset never says
// whether the address has an account: the caller hears the same either way.
import 'server-only';
import { createHash } from 'node:crypto';
import type { Identity } from '@/access/identity';
import type { Documents } from '@/server/documents/port';
import type { Accounts, ActionLinkKind } from '@/server/accounts/port';
import { DomainError } from '@/server/domain-error';
import { localizedPath, type Locale } from '@/i18n/routing';
import { Users } from '@/features/identity/users';
import { enqueueMailOnce, type MailKind } from './outbox';
import type { PasswordResetInput, SignInLinkInput } from './mail.inputs';

export interface AuthMailPorts {
  documents: Documents;
  accounts: Pick<Accounts, 'actionLink'>;
  /** The site's origin: every link leads to its /confirm page. */
  siteUrl: string;
}

/** Where the app completes what a link is for: /confirm, /de/confirm in German. */
export const CONFIRM_PATH = '/confirm';

const MAIL_KIND: Record<ActionLinkKind, MailKind> = { signIn: 'signInLink', verifyEmail: 'confirmAddress', resetPassword: 'passwordReset' };

/**
 * The app's page for a link Firebase made: /confirm in the recipient's language with the link's
 * mode, one-time code and API key (what the browser's Firebase SDK reads from a link), and the
 * language. A mail program's click then opens the app, which the emulator's guard would refuse as a
 * navigation from another site, and the person reads the app's own words.
 */
export function appActionLink(firebaseLink: string, siteUrl: string, locale: Locale): string {
  const given = new URL(firebaseLink).searchParams;
  const [mode, oobCode, apiKey] = [given.get('mode'), given.get('oobCode'), given.get('apiKey')];
  if (!mode || !oobCode || !apiKey) throw new Error(`Firebase made a link without its mode, code or key (${new URL(firebaseLink).pathname}).`);
  const link = new URL(localizedPath(locale, CONFIRM_PATH), siteUrl);
  for (const [name, value] of [['mode', mode], ['oobCode', oobCode], ['apiKey', apiKey], ['lang', locale]] as const) link.searchParams.set(name, value);
  return link.toString();
}

/** The account of an address, where there is one (Firebase keeps addresses in lower case). */
async function accountOf(documents: Documents, email: string): Promise<{ uid: string; disabled: boolean } | null> {
  const [user] = await documents.collection(Users).where('email', '==', email.toLowerCase()).limit(1).get();
  return user?.data ? { uid: user.id, disabled: user.data.disabled } : null;
}

/**
 * Makes the link and queues its mail, once per code (the id is the code's hash, so a retried call
 * never mails one code twice). False when Firebase made none: no account where one is needed.
 */
async function mailLink(ports: AuthMailPorts, kind: ActionLinkKind, to: { email: string; uid: string | null }, locale: Locale, now: Date): Promise<boolean> {
  const firebaseLink = await ports.accounts.actionLink(kind, to.email, new URL(localizedPath(locale, CONFIRM_PATH), ports.siteUrl).toString());
  if (!firebaseLink) return false;
  const link = appActionLink(firebaseLink, ports.siteUrl, locale);
  const code = new URL(link).searchParams.get('oobCode')!;
  const id = `${MAIL_KIND[kind]}-${createHash('sha256').update(code).digest('base64url').slice(0, 32)}`;
  await enqueueMailOnce(ports.documents, { kind: MAIL_KIND[kind], to: to.email, uid: to.uid, locale, params: { email: to.email, link } }, id, now);
  return true;
}

/** A sign-in link to any address (its first use creates the account); none to a disabled account. */
export async function mailSignInLink(ports: AuthMailPorts, input: SignInLinkInput, now = new Date()): Promise<void> {
  const account = await accountOf(ports.documents, input.email);
  if (account?.disabled) return;
  await mailLink(ports, 'signIn', { email: input.email, uid: account?.uid ?? null }, input.locale, now);
}

/**
 * A link to choose a new password, to an address with an account that is not disabled. Returns
 * nothing either way: whether an address has an account is not the caller's to learn.
 */
export async function mailPasswordReset(ports: AuthMailPorts, input: PasswordResetInput, now = new Date()): Promise<void> {
  const account = await accountOf(ports.documents, input.email);
  if (account?.disabled) return;
  await mailLink(ports, 'resetPassword', { email: input.email, uid: account?.uid ?? null }, input.locale, now);
}

export type AddressConfirmation = 'sent' | 'alreadyConfirmed';

/**
 * The link that confirms the signed-in person's own address, in their language (`locale` is the
 * page's, for a person who never chose one). A session that says the address is confirmed needs none.
 */
export async function mailAddressConfirmation(ports: AuthMailPorts, identity: Identity, locale: Locale, now = new Date()): Promise<AddressConfirmation> {
  if (identity.emailVerified) return 'alreadyConfirmed';
  if (!identity.email) throw new DomainError('invalid', 'noAddressToConfirm');
  const chosen = (await ports.documents.collection(Users).doc(identity.uid).get()).data?.locale;
  if (!(await mailLink(ports, 'verifyEmail', { email: identity.email, uid: identity.uid }, chosen ?? locale, now))) {
    throw new DomainError('not-found', 'accountNotFound');
  }
  return 'sent';
}
