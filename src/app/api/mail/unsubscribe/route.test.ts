// The one-click unsubscribe (RFC 8058) as mail programs call it: a POST of
// `List-Unsubscribe=One-Click` to the address in the mail's header, from another server, with no
// cookie and no Origin of this site. The right token stops announcements (once; saying it again
// is fine), a wrong one changes nothing and says so; a GET never changes anything.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Documents } from '@/server/documents/port';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { Users } from '@/features/identity/users';
import { wantsAnnouncements } from '@/features/mail/preferences';

const ports = vi.hoisted(() => ({ documents: null as unknown as Documents }));
vi.mock('@/server/documents/documents', async (original) => ({ ...(await original()), getDocuments: () => ports.documents }));

const { GET, POST } = await import('./route');

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const ORIGIN = 'http://localhost:3000';

/** A post as Gmail's servers send it: form-encoded body, another origin, no cookie. */
function post(query: Record<string, string>, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
  return POST(
    new Request(`${ORIGIN}/api/mail/unsubscribe?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.google.com', ...init.headers },
      body: init.body ?? ONE_CLICK,
    }),
  );
}

const settingsOf = async (uid: string) => (await ports.documents.collection(Users).doc(uid).get()).data!.mail;

describe('POST /api/mail/unsubscribe', () => {
  beforeEach(async () => {
    ports.documents = new SqliteDocuments(':memory:');
    await addTestUser(ports.documents, testPerson('ada', 'user'), { mail: { announcements: true, unsubscribeToken: TOKEN, digest: false } });
    await addTestUser(ports.documents, testPerson('bo', 'user'), { mail: { announcements: true, unsubscribeToken: 'ZyXwVuTsRqPoNmLkJiHgFeDc', digest: true } });
  });

  it('stops the announcements of the person the link names, without a cookie or this site as origin', async () => {
    const response = await post({ u: 'ada', t: TOKEN });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({ outcome: 'unsubscribed', message: 'Done: you will get no more announcements by e-mail.' });
    // The token stays, so the link keeps answering; nothing else of the person's choice changes.
    expect(await settingsOf('ada')).toEqual({ announcements: false, unsubscribeToken: TOKEN, digest: false, nightSummary: false });
    expect(wantsAnnouncements((await ports.documents.collection(Users).doc('ada').get()).data!)).toBe(false);
    expect((await settingsOf('bo'))?.announcements).toBe(true);
  });

  it('is the same the second time: already done, nothing written', async () => {
    await post({ u: 'ada', t: TOKEN });
    const writes: string[] = [];
    const stop = ports.documents.onChange((change) => writes.push(change.id));
    const again = await post({ u: 'ada', t: TOKEN, l: 'de' });
    stop();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ outcome: 'alreadyUnsubscribed', message: 'Du hattest sie schon abbestellt: Ankündigungen kommen nicht mehr per E-Mail zu dir.' });
    expect(writes).toEqual([]);
  });

  it.each([
    ['a wrong token', { u: 'ada', t: 'AbCdEfGhIjKlMnOpQrStUvWy' }],
    ["another person's token", { u: 'ada', t: 'ZyXwVuTsRqPoNmLkJiHgFeDc' }],
    ['a shorter token', { u: 'ada', t: TOKEN.slice(0, 20) }],
    ['an account that does not exist', { u: 'nobody', t: TOKEN }],
    ['no token', { u: 'ada' }],
    ['a token that is no token', { u: 'ada', t: '../../etc/passwd' }],
    ['an id that is no id', { u: '__x__', t: TOKEN }],
  ])('changes nothing for %s, and says so plainly', async (_, query: Record<string, string>) => {
    const response = await post(query);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ outcome: 'invalidLink', message: expect.stringMatching(/^This link does not work \(any more\), so nothing was changed\./) });
    expect((await settingsOf('ada'))?.announcements).toBe(true);
  });

  it('takes RFC 8058 body as multipart form data too, and nothing without it', async () => {
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const multipart = await POST(new Request(`${ORIGIN}/api/mail/unsubscribe?u=ada&t=${TOKEN}`, { method: 'POST', body: form }));
    expect(await multipart.json()).toMatchObject({ outcome: 'unsubscribed' });

    for (const body of ['', 'List-Unsubscribe=Something-Else', 'x'.repeat(10_000)]) {
      const response = await post({ u: 'bo', t: 'ZyXwVuTsRqPoNmLkJiHgFeDc' }, { body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ outcome: 'notOneClick' });
    }
    expect((await settingsOf('bo'))?.announcements).toBe(true);
  });

  it("sends the page's form without JavaScript back to the page, in its language, with the result and without the token", async () => {
    const response = await post({ u: 'ada', t: TOKEN, l: 'de' }, { headers: { 'sec-fetch-mode': 'navigate', origin: ORIGIN } });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/de/unsubscribe');
    expect([...location.searchParams]).toEqual([['result', 'unsubscribed']]);
  });

  it('limits how often one link is posted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post({ u: 'bo', t: 'AbCdEfGhIjKlMnOpQrStUvWy' })).status);
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /api/mail/unsubscribe', () => {
  it('changes nothing: a link scanner or an older mail program is sent to the page, which asks first', async () => {
    ports.documents = new SqliteDocuments(':memory:');
    await addTestUser(ports.documents, testPerson('ada', 'user'), { mail: { announcements: true, unsubscribeToken: TOKEN, digest: false } });
    const response = await GET(new Request(`${ORIGIN}/api/mail/unsubscribe?u=ada&t=${TOKEN}`, { headers: { 'x-locale': 'de' } }));
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.pathname).toBe('/de/unsubscribe');
    expect(Object.fromEntries(location.searchParams)).toEqual({ u: 'ada', t: TOKEN });
    expect((await settingsOf('ada'))?.announcements).toBe(true);
  });
});
