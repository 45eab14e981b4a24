// 404 for URLs outside every language tree (e.g. a missing file): no layout applies there.
import type { Metadata } from 'next';
import en from '@/i18n/messages/en.json';
import { StandaloneErrorDocument } from '@/ui/errors/StandaloneErrorDocument';
import '@/styles/globals.css';

export const metadata: Metadata = { title: en.Errors.notFoundTitle };

export default function GlobalNotFound() {
  return (
    <StandaloneErrorDocument
      lang="en"
      code={404}
      title={en.Errors.notFoundTitle}
      // A full page load on purpose: this document stands outside the app's layouts and router.
      // eslint-disable-next-line @next/next/no-html-link-for-pages
      actions={<a href="/" className="button button--primary">{en.Errors.backHome}</a>}
    >
      <p>{en.Errors.notFoundHint}</p>
    </StandaloneErrorDocument>
  );
}
