'use client';
// /admin/events shows the list, or with ?edit=<id> (or ?edit=new) the event's form, or with
// ?tickets=<id> the event's guests and tickets: one route,
// as in the specification, and a URL for every event that a reload or a link keeps.
import type { ComponentProps, ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Alert } from '@/ui/feedback/Alert';
import { EventDirectory } from './EventDirectory';
import { EventEditor } from './EventEditor';

/**
 * The door's parts of these screens, and an event's guests and tickets (?tickets=<id>), come from
 * the page (src/app/): events sit below the door and the tickets.
 */
type DoorParts = Pick<ComponentProps<typeof EventDirectory>, 'rowDoor'> & Pick<ComponentProps<typeof EventEditor>, 'doorFigures'> & { tickets: (eventId: string) => ReactNode };

export function AdminEvents({ rowDoor, doorFigures, tickets }: DoorParts) {
  const params = useSearchParams();
  const t = useTranslations('AdminEvents');
  const edit = params.get('edit');
  const ticketsOf = params.get('tickets');
  if (ticketsOf) return tickets(ticketsOf);
  if (edit === null) return <EventDirectory rowDoor={rowDoor} />;
  return (
    <>
      {params.get('created') && <Alert kind="success">{t('created')}</Alert>}
      {params.get('copied') && <Alert kind="success">{t('copied')}</Alert>}
      <EventEditor key={edit} eventId={edit === 'new' ? null : edit} doorFigures={doorFigures} />
    </>
  );
}
