// /events: the public programme, rendered on the server from the current data and kept live in
// the browser.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/navigation/metadata';
import { localeFrom, type LocaleParams } from '@/i18n/locale-params';
import { PageHeader } from '@/ui/page/PageHeader';
import { getDocuments } from '@/server/documents/documents';
import { listPublicEvents } from '@/features/events/public-events';
import { EventProgramme } from '@/features/events/ui/EventProgramme';
import ProgrammeSections from '@/features/events/ui/ProgrammeSections';
import { programmeKey, programmeOf } from '@/features/events/programme';

// Rendered per request, like every page: each response carries its own CSP nonce (decision 014,
// which replaces the page cache of decision 011). The list in the browser is live.

export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return pageMetadata(await localeFrom(params), 'events');
}

export default async function EventsPage({ params }: LocaleParams) {
  const locale = await localeFrom(params);
  const [t, events] = await Promise.all([getTranslations({ locale, namespace: 'Pages.events' }), listPublicEvents(getDocuments())]);
  const renderedAt = new Date();
  const programme = programmeOf(events, renderedAt);
  return (
    <>
      <PageHeader title={t('title')} lead={t('description')} />
      <EventProgramme renderedKey={programmeKey(programme)} renderedAt={renderedAt}>
        <ProgrammeSections programme={programme} />
      </EventProgramme>
    </>
  );
}
