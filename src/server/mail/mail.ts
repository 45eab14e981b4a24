// The one place that chooses where mail goes, from the environment: the SMTP service named by
// SMTP_URL (on the embedded backend the launcher points it at MailDev beside the Auth emulator);
// without one, mail is off: nothing is queued, the start says so once and the admin area shows it.
import 'server-only';
import { env, type Env } from '@/server/env';
import type { MailTransport } from './port';
import { createSmtpTransport, isLoopback } from './smtp';

const holder = globalThis as typeof globalThis & { __venueMail?: MailTransport | null };

/** The sender's address: MAIL_FROM, else the venue at the site's own host name. */
export function mailFrom(): string {
  return env.MAIL_FROM ?? `Nordlicht <no-reply@${new URL(env.SITE_URL).hostname}>`;
}

/** MailDev's SMTP port beside the default emulator, for an embedded server started without the launcher. */
const MAILDEV_DEFAULT = 'smtp://127.0.0.1:1025';

function smtpUrl(): string | null {
  return env.SMTP_URL ?? (env.BACKEND === 'embedded' ? MAILDEV_DEFAULT : null);
}

/** This server's mail transport, or null when no SMTP service is set (mail is off). */
export function getMailTransport(): MailTransport | null {
  if (holder.__venueMail === undefined) {
    const url = smtpUrl();
    holder.__venueMail = url ? createSmtpTransport(url, mailFrom()) : null;
  }
  return holder.__venueMail;
}

/** Whether this server sends mail at all (always on the embedded backend): the outbox writes nothing otherwise. */
export function mailIsOn(): boolean {
  return smtpUrl() !== null;
}

/**
 * Who mails sign-in links, address confirmations and password resets: the app, through the outbox
 * and in the person's language (always on the embedded backend, whose emulator mails nothing), or
 * Firebase with its own templates (the Firebase backend's default; AUTH_MAILS=app chooses the app).
 * The page's web config hands the answer to the browser, which sends the request either way.
 */
export function authMailsOf(source: Pick<Env, 'BACKEND' | 'AUTH_MAILS'> = env): 'app' | 'firebase' {
  return source.BACKEND === 'embedded' ? 'app' : (source.AUTH_MAILS ?? 'firebase');
}

/** Where this server's mail goes, as the privacy notice says it: nowhere, an inbox on this machine (MailDev), or a mail service. */
export function mailDestination(): 'off' | 'thisMachine' | 'service' {
  const url = smtpUrl();
  if (!url) return 'off';
  return isLoopback(new URL(url).hostname) ? 'thisMachine' : 'service';
}
