// Gives the browser's components their messages: the shell's on every page, and a page's own
// namespaces where it names them (./pick-messages.ts decides which).
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickClientMessages, type Namespace } from './pick-messages';

export async function ClientMessages({ namespaces = [], children }: { namespaces?: readonly Namespace[]; children: ReactNode }) {
  return <NextIntlClientProvider messages={pickClientMessages(await getMessages(), namespaces)}>{children}</NextIntlClientProvider>;
}
