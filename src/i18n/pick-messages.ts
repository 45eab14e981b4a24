// Which messages reach the browser (./ClientMessages.tsx renders them into the page). Every page
// gets the ones its shell and public parts need; a page with client components of its own (sign-in,
// the VIP area, the scanner, the admin screens) names their namespaces. Sending every message to
// every page would add about 20 KB to each page for nothing.
import type { Messages } from 'next-intl';

export type Namespace = keyof Messages;

/** Header and menu, install prompt, error texts, the alerts' and dialogs' words, and the programme's cards and share button. */
export const SHELL_NAMESPACES = ['Nav', 'Pwa', 'Errors', 'Feedback', 'Events'] as const satisfies readonly Namespace[];

/**
 * The messages for a page. The API's refusals (`Errors.reasons`, about 4 KB) go only with a page's
 * own namespaces: the components that call the API are the pages' own, and the public pages, which
 * name none, call no API.
 */
export function pickClientMessages(messages: Messages, namespaces: readonly Namespace[] = []): Partial<Messages> {
  const picked: Partial<Record<Namespace, unknown>> = Object.fromEntries([...SHELL_NAMESPACES, ...namespaces].map((namespace) => [namespace, messages[namespace]]));
  if (namespaces.length === 0) {
    const { reasons: _reasons, ...errors } = messages.Errors;
    picked.Errors = errors;
  }
  return picked as Partial<Messages>;
}
