'use client';
// /events: upcoming events first (soonest first), then past ones, kept up to date while the page
// is open: an event published, edited or cancelled by an admin appears without a reload. The
// server renders the sections (`children`); the browser keeps them until the live list or the
// clock changes what they show, and only then loads the cards' code and renders them itself, so
// a visitor's phone neither downloads nor hydrates the cards (decision 027).
import { Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { PublicEvent } from '../event-catalogue';
import { programmeOf, type Programme } from '../programme';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { lazyWhenLoaded } from '@/ui/lazy';

const ProgrammeSections = lazyWhenLoaded(() => import('./ProgrammeSections'));

const MINUTE = 60_000;

function subscribeToMinutes(onTick: () => void) {
  const timer = setInterval(onTick, MINUTE);
  return () => clearInterval(timer);
}

/** The time, to the minute, so the snapshot is stable between ticks. */
function currentMinute() {
  return Math.floor(Date.now() / MINUTE) * MINUTE;
}

/** What a programme shows: its events' contents, in order, in each section. */
function shownKey({ upcoming, past }: Programme): string {
  return JSON.stringify([upcoming, past]);
}

export function EventProgramme({ initial, renderedAt, children }: { initial: readonly PublicEvent[]; renderedAt: Date; children: ReactNode }) {
  const t = useTranslations('Events');
  const feed = useLiveFeed('programme', undefined, initial);
  const live = feed.status === 'ready' ? { events: feed.data, reconnecting: feed.reconnecting } : { events: initial, reconnecting: feed.status === 'error' };
  // An event moves to "past" when it ends, also while the page stays open: the clock is an
  // external store ticking each minute; the server's render time stands in until hydration.
  const now = useSyncExternalStore(subscribeToMinutes, currentMinute, () => renderedAt.getTime());
  const programme = useMemo(() => programmeOf(live.events, new Date(now)), [live.events, now]);
  const renderedKey = useMemo(() => shownKey(programmeOf(initial, renderedAt)), [initial, renderedAt]);
  const asRendered = shownKey(programme) === renderedKey;
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
      {asRendered ? (
        children
      ) : (
        <Suspense fallback={children}>
          <ProgrammeSections programme={programme} />
        </Suspense>
      )}
    </div>
  );
}
