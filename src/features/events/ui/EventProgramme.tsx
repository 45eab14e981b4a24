'use client';
// /events: upcoming events first (soonest first), then past ones, kept up to date while the page
// is open: an event published, edited or cancelled by an admin appears without a reload.
import { useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import type { PublicEvent } from '../event-catalogue';
import { programmeOf } from '../programme';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { EventGrid } from './EventGrid';

const MINUTE = 60_000;

function subscribeToMinutes(onTick: () => void) {
  const timer = setInterval(onTick, MINUTE);
  return () => clearInterval(timer);
}

/** The time, to the minute, so the snapshot is stable between ticks. */
function currentMinute() {
  return Math.floor(Date.now() / MINUTE) * MINUTE;
}

export function EventProgramme({ initial, renderedAt }: { initial: readonly PublicEvent[]; renderedAt: Date }) {
  const t = useTranslations('Events');
  const feed = useLiveFeed('programme', undefined, initial);
  const live = feed.status === 'ready' ? { events: feed.data, reconnecting: feed.reconnecting } : { events: initial, reconnecting: feed.status === 'error' };
  // An event moves to "past" when it ends, also while the page stays open: the clock is an
  // external store ticking each minute; the server's render time stands in until hydration.
  const now = useSyncExternalStore(subscribeToMinutes, currentMinute, () => renderedAt.getTime());
  const { upcoming, past } = programmeOf(live.events, new Date(now));
  // A change pushed by the server is announced in a sentence, not by reading out every card.
  // The first delivery repeats what the server rendered; the ones after it are changes.
  const [seen, setSeen] = useState(live.events);
  const [changes, setChanges] = useState(0);
  if (live.events !== seen) {
    setSeen(live.events);
    setChanges((count) => count + 1);
  }

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
          <EventGrid events={upcoming} priorityFirst />
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
