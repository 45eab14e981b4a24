// The server session: POST /api/session with a fresh ID token from the Auth emulator.
import { expect, test, type APIRequestContext } from './support/test';
import { disableAccount, signUp, uniqueEmail } from './support/emulator';

async function me(request: APIRequestContext) {
  const response = await request.get('/api/trpc/identity.me');
  const body = await response.json();
  return { status: response.status(), identity: body.result?.data?.json, code: body.error?.json?.data?.code };
}

test('a fresh ID token starts an httpOnly session that identifies the caller', async ({ request, baseURL }) => {
  const email = uniqueEmail('session');
  const { idToken, localId } = await signUp(email);
  const response = await request.post('/api/session', { data: { idToken }, headers: { origin: baseURL! } });
  expect(response.status()).toBe(200);
  const cookie = response.headers()['set-cookie'] ?? '';
  expect(cookie).toMatch(/^__session=/);
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=lax/i);
  expect(cookie).toMatch(/Path=\//);
  expect(cookie).toMatch(/Max-Age=1209600/);
  expect(await me(request)).toMatchObject({ status: 200, identity: { uid: localId, email, role: null } });
});

test('signed out, the signed-in procedures refuse', async ({ request }) => {
  expect(await me(request)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
});

test('a request from another site cannot start a session', async ({ request }) => {
  const { idToken } = await signUp(uniqueEmail('cross'));
  const response = await request.post('/api/session', { data: { idToken }, headers: { origin: 'https://evil.example' } });
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie']).toBeUndefined();
  expect((await me(request)).status).toBe(401);
});

test('an invalid token or request is refused without a session', async ({ request, baseURL }) => {
  const headers = { origin: baseURL! };
  expect((await request.post('/api/session', { data: { idToken: 'not-a-token' }, headers })).status()).toBe(401);
  expect((await request.post('/api/session', { data: { token: 'x' }, headers })).status()).toBe(400);
  expect((await me(request)).status).toBe(401);
});

test('signing out ends the session', async ({ request, baseURL }) => {
  const { idToken } = await signUp(uniqueEmail('signout'));
  await request.post('/api/session', { data: { idToken }, headers: { origin: baseURL! } });
  expect((await me(request)).status).toBe(200);
  const response = await request.delete('/api/session', { headers: { origin: baseURL! } });
  expect(response.status()).toBe(200);
  expect(response.headers()['set-cookie']).toMatch(/__session=;.*Max-Age=0/i);
  expect((await me(request)).status).toBe(401);
});

test('a disabled account loses access at its next request', async ({ request, baseURL }) => {
  const { idToken, localId } = await signUp(uniqueEmail('disabled'));
  await request.post('/api/session', { data: { idToken }, headers: { origin: baseURL! } });
  expect((await me(request)).status).toBe(200);
  await disableAccount(localId);
  expect((await me(request)).status).toBe(401);
});
