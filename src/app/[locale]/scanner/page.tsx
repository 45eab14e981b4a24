// /scanner: the door (scanner and admin). The event and mode come from the URL, so a door's setup
// is a bookmark: ?event=<id>&mode=entry|bar.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { ClientMessages } from '@/i18n/ClientMessages';
import { guardPage } from '@/app/_compose/guard';
import { getDocuments } from '@/server/documents/documents';
import { doorEvents } from '@/features/door/door-figures';
import { SCAN_MODES, type ScanMode } from '@/features/door/constants';
import { Scanner } from '@/features/door/ui/Scanner';

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return { ...(await pageMetadata(await localeFrom(params), 'scanner')), robots: { index: false } };
}

export default async function ScannerPage({ params, searchParams }: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await localeFrom(params);
  const { denied } = await guardPage('scanner', locale, '/scanner');
  if (denied) return denied;
  const [events, page, search] = await Promise.all([doorEvents(getDocuments()), getTranslations({ locale, namespace: 'Pages.scanner' }), searchParams]);
  const mode: ScanMode = (SCAN_MODES as readonly string[]).includes(String(search.mode)) ? (search.mode as ScanMode) : 'entry';
  const eventId = typeof search.event === 'string' ? search.event : null;
  return (
    <>
      <PageHeader title={page('title')} lead={page('description')} />
      <ClientMessages namespaces={['Scanner']}>
        <Scanner events={events} eventId={eventId} mode={mode} />
      </ClientMessages>
    </>
  );
}
