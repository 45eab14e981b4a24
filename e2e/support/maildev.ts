// The inbox of the server under test: MailDev, which scripts/with-backend.mjs runs beside the Auth
// emulator (its REST API, `GET /api/email`, on the two ports after the emulator's three). Read as a
// program reads it (no browser headers), which the guard in front of it lets through.
import { expect } from '@playwright/test';
import { AUTH_EMULATOR } from './emulator';

const [host, emulatorPort] = AUTH_EMULATOR.split(':') as [string, string];
export const MAILDEV_WEB = process.env.E2E_MAILDEV_WEB ?? `http://${host}:${Number(emulatorPort) + 4}`;

export interface ReceivedMail {
  id: string;
  subject: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  headers: Record<string, string>;
  text: string;
  html: string;
  date: string;
}

/** Every mail MailDev holds now, oldest first. */
export async function allMail(): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAILDEV_WEB}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ReceivedMail[];
}

/** Mail to `address`, oldest first. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  return (await allMail()).filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits (the outbox sends every few seconds) until `address` has a mail whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp | string, timeout = 30_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).find((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
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
