// The inbox of the server under test: MailDev, which scripts/with-backend.mjs runs beside the Auth
// emulator (its REST API, `GET /api/email`, on the two ports after the emulator's three). Read as a
// program reads it (no browser headers), which the guard in front of it lets through.
import { expect } from '@playwright/test';
import { AUTH_EMULATOR } from './emulator';

/** The inbox of the MailDev a launcher runs beside the Auth emulator at `host:port` (a crash test's own server has one too). */
export function mailDevBeside(emulator: string): string {
  const [host, emulatorPort] = emulator.split(':') as [string, string];
  return `http://${host}:${Number(emulatorPort) + 4}`;
}

export const MAILDEV_WEB = process.env.E2E_MAILDEV_WEB ?? mailDevBeside(AUTH_EMULATOR);

export interface ReceivedMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  /** Lower-case names; `message-id` is the outbox's `<mail id.mail@host>`, the same for every attempt. */
  headers: Record<string, string>;
  text: string;
  html: string;
  date: string;
}

/** Every mail MailDev holds now, oldest first. */
export async function allMail(inbox = MAILDEV_WEB): Promise<ReceivedMail[]> {
  const response = await fetch(`${inbox}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ReceivedMail[];
}

/** Mail to `address`, oldest first. */
export async function mailTo(address: string, inbox = MAILDEV_WEB): Promise<ReceivedMail[]> {
  return (await allMail(inbox)).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits (the outbox sends every few seconds) until `address` has a mail whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp | string, timeout = 30_000, inbox = MAILDEV_WEB): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address, inbox)).find((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
        return Boolean(found);
      },
      { timeout, message: `a mail to ${address} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The target of the mail's button: the first link in its plain-text part after "<action>: ". */
export function linkIn(mail: ReceivedMail, action: string): string {
  const line = mail.text.split('\n').find((each) => each.startsWith(`${action}: `));
  if (!line) throw new Error(`No "${action}" link in the mail "${mail.subject}":\n${mail.text}`);
  return line.slice(action.length + 2).trim();
}
