// Telling Next that public pages built from documents have changed, so their cached renderings
// are made again on the next visit. Passed to procedures through the context: tests use a
// recorder instead, and code outside a request (demo data) has nothing cached to invalidate.
import 'server-only';
import { revalidatePath } from 'next/cache';

export interface PublicPages {
  /** Events (or the pictures they show) changed: the programme and every event page are rendered afresh. */
  eventsChanged(): void;
}

export const nextPublicPages: PublicPages = {
  eventsChanged() {
    revalidatePath('/[locale]/events', 'page');
    revalidatePath('/[locale]/events/[slug]', 'page');
  },
};

export const unchangingPublicPages: PublicPages = { eventsChanged() {} };
