// The `test` every spec imports (the linter holds it): Playwright's, plus three watches on every
// page of every browser context a test makes (its own, `browser.newContext`, and a browser it
// launches through `watchedBrowser`), so the whole suite, every journey of every role, proves:
// - the Content-Security-Policy (decision 014) lets the app work as it is: a page reporting a
//   violation fails its test;
// - no request leaves for another host until a person asks for it (the privacy notice's promise):
//   every request the pages and their service worker make goes to this machine (and, on the
//   Firebase backend, to the Firebase hosts the policy and the notice name, FIREBASE_BROWSER_HOSTS);
// - everything the browser holds when the test ends (cookies, local and session storage,
//   IndexedDB, Cache Storage) is listed in the privacy notice's table
//   (src/features/privacy/browser-storage.ts), checked before each context closes.
// A test that provokes one on purpose names it (`expectedCspViolation`, `expectedForeignRequest`).
import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { listedIn, type StorageKind } from '../../src/features/privacy/browser-storage';
import { FIREBASE_BROWSER_HOSTS } from '../../src/server/http/security-headers';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page, Response } from '@playwright/test';

const REPORT_BINDING = '__reportCspViolation';

/** What the watches found during the test this worker runs now (one at a time). */
interface Findings {
  /** Hosts besides this machine the pages may ask: the Firebase project's, on that backend. */
  ownHosts: Set<string>;
  cspViolations: string[];
  foreignRequests: Set<string>;
  /** Stored in the browser and not listed in the privacy notice: "kind name (origin)". */
  unlistedStorage: Set<string>;
}

/** This machine: the app's servers, the Auth emulator, the Firestore stand-in, MailDev. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Collects what the browser's `securitypolicyviolation` events say, in every page of a context. */
async function watchForViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(REPORT_BINDING, (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript((binding) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => void>)[binding];
        report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${event.documentURI}` + (event.sample ? ` ("${event.sample}")` : ''));
      },
      true,
    );
  }, REPORT_BINDING);
}

/** The Firebase project's hosts: its sign-in, live lists, uploads, push registration and Firestore's network check. */
const FIREBASE_HOSTS = new Set(Object.values(FIREBASE_BROWSER_HOSTS).flatMap((origins) => origins.map((origin) => new URL(origin).hostname)));

/** Every request of the context's pages and service workers to a host that is not the app's own. */
function watchForForeignRequests(context: BrowserContext, findings: Findings): void {
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !LOOPBACK.has(url.hostname) && !findings.ownHosts.has(url.hostname)) findings.foreignRequests.add(`${url.origin}${url.pathname}`);
  });
}

/**
 * What the context holds that the privacy notice does not list: its cookies, and the storage of
 * each origin one of its pages shows (read from that page; a page that closed, crashed or is
 * between two documents is passed over, another page of its origin may answer).
 */
async function checkStorage(context: BrowserContext, unlisted: Set<string>): Promise<void> {
  const note = (kind: StorageKind, name: string, where: string) => {
    if (!listedIn(kind, name)) unlisted.add(`${kind} ${name} (${where})`);
  };
  const read = new Set<string>();
  for (const page of context.pages()) {
    const url = new URL(page.url());
    if (!url.protocol.startsWith('http') || read.has(url.origin) || page.isClosed()) continue;
    const stored = await Promise.race([
      page.evaluate(async () => ({
        localStorage: Object.keys(localStorage),
        sessionStorage: Object.keys(sessionStorage),
        indexedDB: ((await indexedDB.databases?.()) ?? []).map((database) => database.name ?? ''),
        cache: 'caches' in self ? await caches.keys() : [],
      })),
      new Promise<null>((resolve) => setTimeout(resolve, 5_000, null)),
    ]).catch(() => null);
    if (!stored) continue;
    read.add(url.origin);
    for (const kind of ['localStorage', 'sessionStorage', 'indexedDB', 'cache'] as const) {
      for (const name of stored[kind]) note(kind, name, url.origin);
    }
  }
  for (const cookie of await context.cookies().catch(() => [])) note('cookie', cookie.name, cookie.domain);
}

/** The findings of the running test, for browsers a test launches itself. */
let running: Findings | null = null;

/**
 * Puts the watches on a context and, on one the test made, the storage check before its `close`
 * (the test's own context is checked at its end, before Playwright closes it); returns it.
 */
async function watch(context: BrowserContext, findings: Findings, checkOnClose: boolean): Promise<BrowserContext> {
  await watchForViolations(context, findings.cspViolations);
  watchForForeignRequests(context, findings);
  if (!checkOnClose) return context;
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    await checkStorage(context, findings.unlistedStorage);
    return close(...args);
  };
  return context;
}

/** Watches every context the browser makes from now on (browser.newPage makes one too); returns how to stop and the ones still open. */
function watchNewContexts(browser: Browser, findings: Findings): () => BrowserContext[] {
  const newContext = browser.newContext;
  const made: BrowserContext[] = [];
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const created = await watch(await newContext.apply(this, args), findings, true);
    made.push(created);
    return created;
  };
  return () => {
    browser.newContext = newContext;
    return made.filter((context) => context.browser()?.isConnected() && context.pages().length > 0);
  };
}

/**
 * A browser the test launched itself (the door's phone, whose camera films a file): its pages are
 * watched for the running test like the suite's browser's.
 */
export function watchedBrowser(browser: Browser): Browser {
  if (!running) throw new Error('watchedBrowser() belongs inside a test: the findings are that test’s');
  watchNewContexts(browser, running);
  return browser;
}

export const test = base.extend<{ watched: void; expectedCspViolation: RegExp | undefined; expectedForeignRequest: RegExp | undefined }>({
  /** For the test that proves the policy refuses something: the violation it provokes on purpose. */
  expectedCspViolation: [undefined, { option: true }],
  /** For the test that proves a foreign host is asked only after a person's click: that host's requests. */
  expectedForeignRequest: [undefined, { option: true }],
  watched: [
    async ({ context, browser, expectedCspViolation, expectedForeignRequest }, use, testInfo) => {
      const firebase = testInfo.project.name === 'firebase';
      const findings: Findings = { ownHosts: firebase ? FIREBASE_HOSTS : new Set(), cspViolations: [], foreignRequests: new Set(), unlistedStorage: new Set() };
      await watch(context, findings, false);
      // Tests that open a second person's browser (browser.newContext) are watched too.
      const stopWatching = watchNewContexts(browser, findings);
      running = findings;
      try {
        await use();
      } finally {
        for (const open of stopWatching()) await checkStorage(open, findings.unlistedStorage);
        await checkStorage(context, findings.unlistedStorage);
        running = null;
      }
      const unexpected = findings.cspViolations.filter((violation) => !expectedCspViolation?.test(violation));
      base.expect(unexpected, 'Content-Security-Policy violations reported by the pages').toEqual([]);
      const foreign = [...findings.foreignRequests].filter((url) => !expectedForeignRequest?.test(url));
      base.expect(foreign, 'requests to other hosts, which nobody asked for').toEqual([]);
      base.expect([...findings.unlistedStorage], 'stored in the browser but not in the privacy notice (src/features/privacy/browser-storage.ts)').toEqual([]);
    },
    { auto: true },
  ],
});
