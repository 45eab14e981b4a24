'use client';
// /events: upcoming events first (soonest first), then past ones, kept up to date while the page
// is open: an event published, edited or cancelled by an admin appears without a reload. The
// server renders the sections (`children`) and sends the fingerprint of what they show, not the
// list itself; the browser keeps them until the live list (connected once the page is idle), or
// the clock after it, changes what they show, and only then loads the cards' code and renders them
// itself, so a visitor's phone neither downloads nor hydrates the cards (decision 027).
import { Suspense, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { programmeKey, programmeOf } from '../programme';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { programmeFeed } from '../client/live-feeds';
import { lazyWhenLoaded } from '@/ui/lazy';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import styles from './EventProgramme.module.css';

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

export function EventProgramme({ renderedKey, renderedAt, children }: { renderedKey: string; renderedAt: Date; children: ReactNode }) {
  const t = useTranslations('Events');
  const feed = useLiveFeed(programmeFeed, undefined, { serverRendered: true });
  const events = feed.status === 'ready' ? feed.data : null;
  // An event moves to "past" when it ends, also while the page stays open: the clock is an
  // external store ticking each minute. Until the live list arrives nothing reads it, so the
  // server's render time stands in: a clock that differed from the server's right after hydration
  // would make React render the page again at once, synchronously, inside the task that runs the
  // effects (15–30 ms of a phone's main thread for nothing).
  const renderTime = () => renderedAt.getTime();
  const now = useSyncExternalStore(subscribeToMinutes, events ? currentMinute : renderTime, renderTime);
  const programme = useMemo(() => (events ? programmeOf(events, new Date(now)) : null), [events, now]);
  const changed = programme !== null && programmeKey(programme) !== renderedKey;
  // A change pushed by the server is announced in a sentence, not by reading out every card.
  // The first delivery repeats what the server rendered; the ones after it are changes.
  const [seen, setSeen] = useState(events);
  const [deliveries, setDeliveries] = useState(0);
  if (events !== seen) {
    setSeen(events);
    setDeliveries((count) => count + 1);
  }

  return (
    <div className={styles.programme}>
      <p className="visually-hidden" role="status">
        {deliveries > 1 ? t('updated') : ''}
      </p>
      {(feed.status === 'error' || (feed.status === 'ready' && feed.reconnecting)) && <LoadingStatus className="field__hint">{t('reconnecting')}</LoadingStatus>}
      {changed ? (
        <Suspense fallback={children}>
          <ProgrammeSections programme={programme} />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}
