'use client';
// /admin/events shows the list, or with ?edit=<id> (or ?edit=new) the event's form: one route,
// as in the specification, and a URL for every event that a reload or a link keeps.
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { EventDirectory } from './EventDirectory';
import { EventEditor } from './EventEditor';

export function AdminEvents() {
  const params = useSearchParams();
  const t = useTranslations('AdminEvents');
  const edit = params.get('edit');
  if (edit === null) return <EventDirectory />;
  return (
    <>
      {params.get('created') && (
        <p className="alert alert--success" role="status">
          <span className="alert__label" aria-hidden="true">✓</span>
          {t('created')}
        </p>
      )}
      {params.get('copied') && (
        <p className="alert alert--success" role="status">
          <span className="alert__label" aria-hidden="true">✓</span>
          {t('copied')}
        </p>
      )}
      <EventEditor key={edit} eventId={edit === 'new' ? null : edit} />
    </>
  );
}
