// The `test` every spec imports (the linter holds it): Playwright's, plus a watch on every page of
// every browser context for Content-Security-Policy violations. A test during which a page reports
// one fails, so the whole suite proves the policy (decision 014) lets the app work as it is.
import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Page, Response } from '@playwright/test';

const REPORT_BINDING = '__reportCspViolation';

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

/** The violations of the test this worker runs now (one at a time), for browsers a test launches itself. */
let running: string[] | null = null;

/** Watches every context the browser makes from now on (browser.newPage makes one too); returns how to stop. */
function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext;
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const created = await newContext.apply(this, args);
    await watchForViolations(created, violations);
    return created;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * A browser the test launched itself (the door's phone, whose camera films a file): its pages are
 * watched for the running test like the suite's browser's.
 */
export function watchedBrowser(browser: Browser): Browser {
  if (!running) throw new Error('watchedBrowser() belongs inside a test: the violations are that test’s');
  watchNewContexts(browser, running);
  return browser;
}

export const test = base.extend<{ noCspViolations: void; expectedCspViolation: RegExp | undefined }>({
  /** For the test that proves the policy refuses something: the violation it provokes on purpose. */
  expectedCspViolation: [undefined, { option: true }],
  noCspViolations: [
    async ({ context, browser, expectedCspViolation }, use) => {
      const violations: string[] = [];
      await watchForViolations(context, violations);
      // Tests that open a second person's browser (browser.newContext) are watched too.
      const stopWatching = watchNewContexts(browser, violations);
      running = violations;
      try {
        await use();
      } finally {
        stopWatching();
        running = null;
      }
      const unexpected = violations.filter((violation) => !expectedCspViolation?.test(violation));
      base.expect(unexpected, 'Content-Security-Policy violations reported by the pages').toEqual([]);
    },
    { auto: true },
  ],
});
