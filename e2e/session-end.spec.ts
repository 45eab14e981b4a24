// Signing out ends the session on the server (decision 013): a copy of the cookie taken before
// signing out is refused at its next request by the API, a guarded page, the live stream and
// uploads; a forged unsigned cookie, which firebase-admin accepts from the Auth emulator, is
// refused everywhere because the server never recorded it.
import { expect, test, type APIRequestContext, type Browser } from './support/test';
import { demoAccount, serverSession } from './support/accounts';
import { PROJECT_ID, signInWithPassword } from './support/emulator';

async function sessionCookie(request: APIRequestContext): Promise<string> {
  const state = await request.storageState();
  const cookie = state.cookies.find((candidate) => candidate.name === '__session');
  if (!cookie) throw new Error('No session cookie');
  return cookie.value;
}

/** What each way in says to a request carrying only this cookie. */
async function replay(baseURL: string, cookie: string) {
  const headers = { cookie: `__session=${cookie}` };
  const me = await fetch(`${baseURL}/api/trpc/identity.me`, { headers });
  const page = await fetch(`${baseURL}/admin/users`, { headers, redirect: 'manual' });
  // The live image list of the admin screen, in the browser's one live stream (server-sent
  // events): read up to what it says of the list, then hang up.
  const controller = new AbortController();
  const input = encodeURIComponent(JSON.stringify({ json: { feeds: [{ key: 'library', feed: 'images.live', input: {} }] } }));
  const live = await fetch(`${baseURL}/api/live?input=${input}`, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal });
  let stream = '';
  let firstEvent: string | undefined;
  const reader = live.body!.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + 10_000;
  while (firstEvent === undefined && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    stream += decoder.decode(value, { stream: true });
    firstEvent = stream.split('\n\n').slice(0, -1).find((event) => event.includes('"key":"library"'));
  }
  controller.abort();
  const upload = await fetch(`${baseURL}/api/uploads/no-such-upload`, { method: 'HEAD', headers: { ...headers, 'tus-resumable': '1.0.0' } });
  return {
    me: me.status,
    page: page.status === 200 ? 'shown' : new URL(page.headers.get('location') ?? '/', baseURL).pathname,
    live: /"refused":"UNAUTHORIZED"/.test(firstEvent ?? '') ? 'refused' : /"shared":/.test(firstEvent ?? '') ? 'streaming' : `unclear: ${live.status} ${stream.slice(0, 300)}`,
    upload: upload.status,
  };
}

async function signedInAdmin(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const admin = demoAccount('admin');
  await serverSession(context, baseURL, admin.email, admin.password);
  return context;
}

test('after signing out, a copy of the cookie is refused by the API, a guarded page, the live stream and uploads', async ({ browser, baseURL }) => {
  const context = await signedInAdmin(browser, baseURL!);
  const copied = await sessionCookie(context.request);
  // While signed in, the copy works everywhere (the upload does not exist: 404, not 401).
  expect(await replay(baseURL!, copied)).toEqual({ me: 200, page: 'shown', live: 'streaming', upload: 404 });

  const signOut = await context.request.delete('/api/session', { headers: { origin: baseURL! } });
  expect(signOut.status()).toBe(200);
  expect(await replay(baseURL!, copied)).toEqual({ me: 401, page: '/login', live: 'refused', upload: 401 });
  await context.close();
});

test('signing out on a shared device leaves the same account signed in on its other devices', async ({ browser, baseURL }) => {
  const doorPhone = await signedInAdmin(browser, baseURL!);
  const ownPhone = await signedInAdmin(browser, baseURL!);
  await doorPhone.request.delete('/api/session', { headers: { origin: baseURL! } });
  expect((await doorPhone.request.get('/api/trpc/identity.me')).status()).toBe(401);
  expect((await ownPhone.request.get('/api/trpc/identity.me')).status()).toBe(200);
  await doorPhone.close();
  await ownPhone.close();
});

test('a forged unsigned (alg: none) session cookie for the demo admin is refused everywhere', async ({ baseURL }) => {
  // Make sure the demo admin exists and has signed in, as on a machine where the demo was tried.
  await signInWithPassword(demoAccount('admin').email, demoAccount('admin').password);
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = [
    part({ alg: 'none', typ: 'JWT' }),
    part({
      iss: `https://session.firebase.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      auth_time: now,
      user_id: 'demo-admin',
      sub: 'demo-admin',
      iat: now,
      exp: now + 3600,
      email: demoAccount('admin').email,
      role: 'admin',
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
  expect(await replay(baseURL!, forged)).toEqual({ me: 401, page: '/login', live: 'refused', upload: 401 });
});
