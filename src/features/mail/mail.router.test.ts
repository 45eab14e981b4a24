// The mail procedures through createCaller: a sign-in link, a reset and an address confirmation
// are each one mail in the outbox, in the language asked for (or the person's), whose link opens
// the app's /confirm with the one-time code Firebase made, never Firebase's or the emulator's own
// page; a reset answers the same for an address without an account; both limits hold, per address
// and per client, and say so in the client's language.
import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createContextInner } from '@/server/trpc/context';
import { createCaller } from '@/app/_server/router';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { RATE_POLICIES } from '@/server/http/rate-limit';
import { env } from '@/server/env';
import type { Identity } from '@/access/identity';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Mail } from './outbox';
import { sendDueMail } from './sender';
import { appActionLink } from './auth-mails';
import { RecordingTransport } from '@/server/testing/recording-mail';

const SITE = env.SITE_URL;
let clients = 0;


describe('the mail procedures', () => {
  let documents: SqliteDocuments;
  let accounts: FakeAccounts;
  let client: string;
  /** A caller from this test's own client address (the limits are the process's, shared by tests). */
  const as = (identity: Identity | null, from = client, locale: 'en' | 'de' = 'en') => createCaller(createContextInner({ documents, accounts, identity, clientAddress: from, locale }));
  const mails = async () => (await documents.collection(Mail).get()).map((mail) => mail.data!);
  const unique = (label: string) => `${label}-${(clients += 1)}@example.org`;

  beforeEach(async () => {
    documents = new SqliteDocuments(':memory:');
    accounts = new FakeAccounts();
    client = `203.0.113.${(clients += 1) % 250}`;
  });

  it("mails a sign-in link in the language asked for, leading to the app's /confirm with Firebase's code, never to the emulator", async () => {
    const email = unique('newcomer');
    await expect(as(null).mail.sendSignInLink({ email: ` ${email} `, locale: 'de' })).resolves.toBeUndefined();
    // Firebase was asked for a link returning to the German /confirm.
    expect(accounts.links).toEqual([expect.objectContaining({ kind: 'signIn', email, continueUrl: `${SITE}/de/confirm` })]);
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: 'signInLink', category: 'service', to: email, uid: null, locale: 'de', status: 'pending' });
    const link = new URL(mail!.params.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/de/confirm`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ mode: 'signIn', oobCode: 'code-1-signIn', apiKey: 'fake-api-key', lang: 'de' });
    expect(mail!.params.link).not.toContain('9099');

    // Sent, it reads in German with the app's link as its button and in its text.
    const transport = new RecordingTransport();
    await sendDueMail({ documents, transport, siteUrl: SITE });
    expect(transport.sent[0]).toMatchObject({ to: email, subject: 'Dein Anmeldelink für Nordlicht' });
    expect(transport.sent[0]!.text).toContain(`Anmelden: ${mail!.params.link}`);
    expect(transport.sent[0]!.html).toContain(`href="${mail!.params.link!.replace(/&/g, '&amp;')}"`);
  });

  it('names the account a link is for where there is one, and mails no link to a disabled account', async () => {
    await addTestUser(documents, testPerson('ada'));
    await addTestUser(documents, testPerson('gone'), { disabled: true });
    accounts.addresses.add('ada@example.org').add('gone@example.org');
    await as(null).mail.sendSignInLink({ email: 'Ada@Example.org', locale: 'en' });
    await as(null).mail.sendPasswordReset({ email: 'gone@example.org', locale: 'en' });
    await as(null).mail.sendSignInLink({ email: 'gone@example.org', locale: 'en' });
    expect(await mails()).toEqual([expect.objectContaining({ kind: 'signInLink', to: 'Ada@Example.org', uid: 'ada' })]);
  });

  it('answers a reset the same whether the address has an account or not, and mails only the account', async () => {
    await addTestUser(documents, testPerson('bo'));
    accounts.addresses.add('bo@example.org');
    const stranger = unique('stranger');
    const known = await as(null).mail.sendPasswordReset({ email: 'bo@example.org', locale: 'de' });
    const unknown = await as(null).mail.sendPasswordReset({ email: stranger, locale: 'de' });
    expect(unknown).toEqual(known);
    const [mail, ...others] = await mails();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ kind: 'passwordReset', to: 'bo@example.org', uid: 'bo', locale: 'de' });
    expect(Object.fromEntries(new URL(mail!.params.link!).searchParams)).toMatchObject({ mode: 'resetPassword', lang: 'de' });
    // The limits do not tell them apart either: each address has its own turn, spent alike.
    for (let i = 1; i < RATE_POLICIES.authMailsToAddress.burst; i++) {
      await as(null, `198.51.100.${i}`).mail.sendPasswordReset({ email: 'bo@example.org', locale: 'de' });
      await as(null, `198.51.100.${i}`).mail.sendPasswordReset({ email: stranger, locale: 'de' });
    }
    const refusals = await Promise.all(['bo@example.org', stranger].map((email) => as(null, '198.51.100.99').mail.sendPasswordReset({ email, locale: 'de' }).catch((error: TRPCError) => error)));
    expect(refusals.map((error) => (error as TRPCError).code)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
  });

  it("mails the signed-in person's own address its confirmation, in their language, and nothing once the session says it is confirmed", async () => {
    const cleo = { ...testPerson('cleo'), email: unique('cleo'), emailVerified: false };
    await addTestUser(documents, cleo, { locale: 'de' });
    accounts.addresses.add(cleo.email);
    await expect(as(null).mail.sendAddressConfirmation()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // The page is English, the person chose German: German it is.
    expect(await as(cleo).mail.sendAddressConfirmation()).toBe('sent');
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: 'confirmAddress', to: cleo.email, uid: 'cleo', locale: 'de', params: { email: cleo.email } });
    expect(mail!.params.link).toMatch(new RegExp(`^${SITE}/de/confirm\\?mode=verifyEmail&oobCode=[^&]+&apiKey=fake-api-key&lang=de$`));

    // Without a language of their own, the page's.
    const dan = { ...testPerson('dan'), email: unique('dan'), emailVerified: false };
    await addTestUser(documents, dan);
    accounts.addresses.add(dan.email);
    await as(dan, client, 'de').mail.sendAddressConfirmation();
    expect((await mails()).find((each) => each.uid === 'dan')).toMatchObject({ locale: 'de' });

    accounts.links.length = 0;
    expect(await as({ ...cleo, emailVerified: true }).mail.sendAddressConfirmation()).toBe('alreadyConfirmed');
    expect(accounts.links).toEqual([]);
  });

  it('limits the mails to one address, whoever asks, with the reason and seconds in the caller\'s language', async () => {
    const email = unique('target');
    for (let i = 0; i < RATE_POLICIES.authMailsToAddress.burst; i++) await as(null, `192.0.2.${i + 1}`).mail.sendSignInLink({ email, locale: 'en' });
    const refused = await as(null, '192.0.2.200', 'de')
      .mail.sendSignInLink({ email: email.toUpperCase(), locale: 'en' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { reason: 'rateLimited', params: { seconds: expect.stringMatching(/^\d+$/) } } });
    expect((await mails()).length).toBe(RATE_POLICIES.authMailsToAddress.burst);
    // Another address is not held up.
    await expect(as(null, '192.0.2.200').mail.sendSignInLink({ email: unique('other'), locale: 'en' })).resolves.toBeUndefined();
  });

  it('limits the mails asked for from one client, to any addresses', async () => {
    for (let i = 0; i < RATE_POLICIES.authMailsFromClient.burst; i++) await as(null).mail.sendSignInLink({ email: unique('many'), locale: 'en' });
    await expect(as(null).mail.sendSignInLink({ email: unique('one-more'), locale: 'en' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(as(null).mail.sendPasswordReset({ email: unique('one-more'), locale: 'en' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await mails()).length).toBe(RATE_POLICIES.authMailsFromClient.burst);
  });

  it('refuses addresses that are no addresses, before any limit or link', async () => {
    for (const email of ['', 'not an address', `${'x'.repeat(250)}@example.org`]) {
      await expect(as(null).mail.sendSignInLink({ email, locale: 'en' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(as(null).mail.sendPasswordReset({ email: 'ada@example.org', locale: 'fr' as 'en' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(accounts.links).toEqual([]);
  });
});

describe("the app's link for Firebase's", () => {
  it("keeps a real project's mode, code and key, on the site's /confirm in the language", () => {
    const firebase = 'https://venue-prod.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=AbC-123_x&apiKey=AIzaSyExample&continueUrl=https%3A%2F%2Fnordlicht.example%2Flogin&lang=en';
    expect(appActionLink(firebase, 'https://nordlicht.example', 'en')).toBe('https://nordlicht.example/confirm?mode=resetPassword&oobCode=AbC-123_x&apiKey=AIzaSyExample&lang=en');
    expect(appActionLink(firebase, 'https://nordlicht.example', 'de')).toBe('https://nordlicht.example/de/confirm?mode=resetPassword&oobCode=AbC-123_x&apiKey=AIzaSyExample&lang=de');
  });

  it('refuses a link without its code rather than mail one that cannot work', () => {
    expect(() => appActionLink('https://venue-prod.firebaseapp.com/__/auth/action?mode=signIn&apiKey=k', 'https://nordlicht.example', 'en')).toThrow(/mode, code or key/);
  });
});
