'use client';
// /events: upcoming events first (soonest first), then past ones, kept up to date while the page
// is open: an event published, edited or cancelled by an admin appears without a reload.
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { PublicEvent } from '../event-catalogue';
import { programmeOf } from '../programme';
import { useLiveProgramme } from '../client/useLiveProgramme';
import { EventGrid } from './EventGrid';

const MINUTE = 60_000;

export function EventProgramme({ initial, renderedAt }: { initial: readonly PublicEvent[]; renderedAt: Date }) {
  const t = useTranslations('Events');
  const live = useLiveProgramme(initial);
  // An event moves to "past" when it ends, also while the page stays open.
  const [now, setNow] = useState(renderedAt);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const { upcoming, past } = programmeOf(live.events, now);
  // A change pushed by the server is announced in a sentence, not by reading out every card.
  const [changes, setChanges] = useState(0);
  // The first delivery repeats what the server rendered; the ones after it are changes.
  const [rendered] = useState(live.events);
  useEffect(() => {
    if (live.events !== rendered) setChanges((count) => count + 1);
  }, [live.events, rendered]);

  return (
    <div className="programme">
      <p className="visually-hidden" role="status">
        {changes > 1 ? t('updated') : ''}
      </p>
      {live.reconnecting && (
        <p className="field__hint" role="status">
          <span className="spinner" aria-hidden="true" /> {t('reconnecting')}
        </p>
      )}
      <section aria-labelledby="programme-upcoming">
        <h2 id="programme-upcoming">{t('upcomingHeading')}</h2>
        {upcoming.length === 0 ? (
          <p className="empty-state">{t('noUpcoming')}</p>
        ) : (
          <EventGrid events={upcoming} />
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="programme-past" className="programme__past">
          <h2 id="programme-past">{t('pastHeading')}</h2>
          <EventGrid events={past} past />
        </section>
      )}
    </div>
  );
}
