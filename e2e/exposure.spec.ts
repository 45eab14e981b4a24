// The embedded backend stays on this machine (decision 012): it listens on loopback only, and a
// request addressed to any other name is refused with a page in the visitor's language (JSON for
// the API), whatever the path. (That every page of the network demo warns is rendered from the
// runtime config: src/ui/shell/DemoModeBanner.test.tsx.)
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from './support/test';
import { MESSAGES } from './support/i18n';

/** A request to the server under test as if it had been addressed to `host`. */
function requestAs(baseURL: string, host: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(path, baseURL);
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname: '127.0.0.1', port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: { ...options.headers, host } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, type: String(response.headers['content-type'] ?? ''), body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('a request addressed to another name is refused on every path, in the visitor language', async ({ baseURL }) => {
  const elsewhere = 'venue.example';
  for (const path of ['/', '/admin/users', '/de/events', '/api/trpc/identity.me', '/api/session', '/api/uploads', '/sw.js', '/manifest.webmanifest']) {
    const answer = await requestAs(baseURL!, elsewhere, path);
    expect(answer.status, path).toBe(403);
    expect(answer.body, path).toContain(MESSAGES[path.startsWith('/de/') ? 'de' : 'en'].Exposure.refusedTitle);
  }
  const german = await requestAs(baseURL!, '192.168.1.20:3000', '/about', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
  expect(german.type).toMatch(/text\/html/);
  expect(german.body).toContain('<html lang="de">');
  expect(german.body).toContain(MESSAGES.de.Exposure.refusedBody);
  const api = await requestAs(baseURL!, elsewhere, '/api/session', { method: 'POST', headers: { origin: `http://${elsewhere}`, 'content-type': 'application/json' } });
  expect(api.type).toMatch(/application\/json/);
  expect(JSON.parse(api.body)).toMatchObject({ error: 'local-only' });

  // The same server answers its own machine.
  const port = new URL(baseURL!).port;
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect((await requestAs(baseURL!, host, '/about')).status, host).toBe(200);
});

test('the app does not listen on the network interfaces', async ({ baseURL }) => {
  const port = Number(new URL(baseURL!).port);
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
  test.skip(addresses.length === 0, 'this machine has no network interface besides loopback');
  for (const address of addresses) {
    const reachable = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: address, port, timeout: 2000 }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    expect(reachable, `${address}:${port}`).toBe(false);
  }
});

test('on this machine no page shows the demo warning', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('button', { name: MESSAGES.en.Nav.signIn }).or(page.getByRole('link', { name: MESSAGES.en.Nav.signIn })).first()).toBeVisible();
  await expect(page.getByTestId('demo-mode-banner')).toHaveCount(0);
});
