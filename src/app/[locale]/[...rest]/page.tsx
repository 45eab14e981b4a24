// Any path that no page claims, under either language: the localized 404.
import { notFound } from 'next/navigation';

// Rendered per request so the 404 page is complete in the HTML, not filled in by the client.
export const dynamic = 'force-dynamic';

export default function CatchAll() {
  notFound();
}
