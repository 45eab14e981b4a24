// The Content-Security-Policy and the other page headers on real responses (decision 014). That
// the app works under the policy is what every other spec proves (e2e/support/test.ts).
import { expect, test, type APIRequestContext } from './support/test';
import { AUTH_EMULATOR } from './support/emulator';
import { MESSAGES } from './support/i18n';

// Pages of each kind: home, prerendered in the past, cached in the past, a form, the 404, the 403
// (signed out, a guarded page redirects) and both languages.
const PAGES = ['/', '/de/about', '/events', '/de/events', '/login', '/impressum', '/no-such-page', '/admin'];

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  return { response, policy: directives(policy), nonce };
}

for (const path of PAGES) {
  test(`${path} carries a strict policy with a nonce of its own`, async ({ request }) => {
    const { response, policy, nonce } = await fetchPage(request, path);
    expect(nonce, 'a nonce in script-src').toBeTruthy();
    expect(policy['script-src']).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'", "'wasm-unsafe-eval'"]));
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", `http://${AUTH_EMULATOR}`]);
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // Served over http here: no HSTS (it would pin a host that has no certificate).
    expect(response.headers()['strict-transport-security']).toBeUndefined();

    if (response.status() >= 300 && response.status() < 400) return;
    const html = await response.text();
    // JSON-LD is data, not a script the browser runs: the policy does not apply to it.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
  });
}

test('every response gets a fresh nonce, also where the page was once cached', async ({ request }) => {
  const nonces = new Set<string | undefined>();
  for (const path of ['/events', '/events', '/de/about', '/de/about']) nonces.add((await fetchPage(request, path)).nonce);
  expect(nonces.size).toBe(4);
});

test.describe('a script injected into a page', () => {
  test.use({ expectedCspViolation: /^script-src-elem refused inline/ });

  test('does not run, and the page still works', async ({ page }) => {
    // As stored markup that slipped through would arrive: in the HTML, without the nonce.
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response, body });
    });
    const refused = page.waitForEvent('console', (message) => /Content Security Policy/.test(message.text()));
    await page.goto('/about');
    await refused;
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    // The app's own scripts ran: a link is followed by the client-side router, without a reload.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
    await page.getByRole('contentinfo').getByRole('link', { name: MESSAGES.en.Footer.impressum }).click();
    await expect(page).toHaveURL(/\/impressum$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
  });
});
