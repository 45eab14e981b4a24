// axe-core's WCAG 2.0, 2.1 and 2.2 A and AA rules on what a page shows now (a route, or a state of
// it: a verdict, an open dialog), each violation as one line naming the element.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function violationsOn(page: Page): Promise<string[]> {
  // Experimental rules too: label-content-name-mismatch (WCAG 2.5.3) is one of them.
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`));
}
