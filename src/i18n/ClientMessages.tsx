// Which messages reach the browser. Every page gets the ones its shell and public parts need;
// a page with client components of its own (sign-in, the admin screens) names their namespaces.
// Sending every message to every page would add about 20 KB to each page for nothing.
import type { ReactNode } from 'react';
import { NextIntlClientProvider, type Messages } from 'next-intl';
import { getMessages } from 'next-intl/server';

type Namespace = keyof Messages;

/** Header and menu, install prompt, error texts, and the programme's cards and share button. */
export const SHELL_NAMESPACES = ['Nav', 'Pwa', 'Errors', 'Events'] as const satisfies readonly Namespace[];

export async function ClientMessages({ namespaces = [], children }: { namespaces?: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  const picked = Object.fromEntries([...SHELL_NAMESPACES, ...namespaces].map((namespace) => [namespace, messages[namespace]]));
  return <NextIntlClientProvider messages={picked as Partial<Messages>}>{children}</NextIntlClientProvider>;
}
