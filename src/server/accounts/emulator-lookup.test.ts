// The session check's account lookup against the Auth emulator: the request firebase-admin would
// send, the answer read the way firebase-admin reads it, failures refused rather than guessed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { accountStateOf, emulatorLookup } from './emulator-lookup';

let server: http.Server | undefined;

async function fakeEmulator(answer: (request: { path: string; authorization?: string; body: unknown }) => { status: number; body: unknown }): Promise<string> {
  server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const { status, body } = answer({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

async function stop() {
  // The lookup keeps its connection alive: close it too, or the server waits for it.
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
}

afterEach(stop);

describe('account lookups against the Auth emulator', () => {
  it('asks for every waiting account in one request, as the administrator, and reads disabled and revoked accounts', async () => {
    const seen: unknown[] = [];
    const host = await fakeEmulator((request) => {
      seen.push(request);
      return { status: 200, body: { users: [{ localId: 'ada' }, { localId: 'bob', disabled: true, validSince: '1790000000' }] } };
    });
    const states = await emulatorLookup(host, 'demo-venue')(['ada', 'bob', 'gone']);
    expect(seen).toEqual([{ path: '/identitytoolkit.googleapis.com/v1/projects/demo-venue/accounts:lookup', authorization: 'Bearer owner', body: { localId: ['ada', 'bob', 'gone'] } }]);
    expect(states.get('ada')).toEqual({ disabled: false, validSince: null });
    expect(states.get('bob')).toEqual({ disabled: true, validSince: new Date(1_790_000_000_000) });
    // A deleted account is simply not in the answer: the session check refuses it.
    expect(states.has('gone')).toBe(false);
  });

  it('fails the lookup when the emulator refuses it, instead of taking the accounts for valid', async () => {
    const host = await fakeEmulator(() => ({ status: 500, body: { error: { message: 'boom' } } }));
    await expect(emulatorLookup(host, 'demo-venue')(['ada'])).rejects.toThrow(/500/);
  });

  it('asks again on a new connection when the emulator closed the kept-alive one as the lookup went out', async () => {
    const served = new WeakMap<object, number>();
    const host = await fakeEmulator(() => ({ status: 200, body: { users: [{ localId: 'ada' }] } }));
    // From now on, a second request on a connection finds it closed, as an idle one the emulator let go.
    server!.prependListener('request', (request) => {
      const count = (served.get(request.socket) ?? 0) + 1;
      served.set(request.socket, count);
      if (count > 1) request.socket.destroy();
    });
    const lookup = emulatorLookup(host, 'demo-venue');
    expect((await lookup(['ada'])).has('ada')).toBe(true);
    expect((await lookup(['ada'])).has('ada')).toBe(true);
  });

  it('fails when nothing answers', async () => {
    const host = await fakeEmulator(() => ({ status: 200, body: {} }));
    await stop();
    await expect(emulatorLookup(host, 'demo-venue')(['ada'])).rejects.toThrow();
  });

  it('reads the revocation time in seconds, as firebase-admin does', () => {
    expect(accountStateOf({ validSince: '60' }).validSince?.toISOString()).toBe('1970-01-01T00:01:00.000Z');
    expect(accountStateOf({}).disabled).toBe(false);
  });
});
