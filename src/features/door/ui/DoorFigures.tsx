'use client';
// The scanner's panel of the night: people inside of the capacity (warned from 90 %), admissions, guests inside, drinks and the latest scans, live.
import { useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { doorActivityFeed } from '../client/live-feeds';
import { Skeleton } from '@/ui/Skeleton';
import { Alert } from '@/ui/feedback/Alert';
import type { DoorCounts, DoorEvent } from '../door-figures';
import { toneOf } from '../client/verdict-signals';
import { VERDICT_ICONS } from './VerdictPanel';
import { CapacityWarning } from './CapacityWarning';
import styles from './door.module.css';

/**
 * The night's figures: the live feed, and the counts of this door's latest answer, whichever is
 * further on (admissions and drinks only grow during a night). With several Firebase-mode servers
 * the feed sees other servers' scans late (decision 022); this door's own answers are never behind.
 * Who is inside goes up and down: the newer of the two says it.
 */
export function DoorFigures({ event, latest }: { event: DoorEvent; latest: DoorCounts | null }) {
  const t = useTranslations('Scanner');
  const format = useFormatter();
  const activity = useLiveFeed(doorActivityFeed, { eventId: event.id });
  const admitted = Math.max(activity.status === 'ready' ? activity.data.admitted : 0, latest?.admitted ?? 0);
  const drinks = Math.max(activity.status === 'ready' ? activity.data.drinks : 0, latest?.drinks ?? 0);
  const inside = useNewer(activity.status === 'ready' ? activity.data.inside : null, latest?.inside ?? null);
  return (
    <section className={`panel ${styles.scanner__figures}`} aria-labelledby="door-figures">
      <h2 id="door-figures">{t('tonight')}</h2>
      {activity.status === 'loading' ? (
        <Skeleton shape="field" label={t('loadingFigures')} />
      ) : activity.status === 'error' ? (
        <Alert kind="error">{t('figuresFailed')}</Alert>
      ) : (
        <>
          <CapacityWarning inside={inside ?? 0} capacity={activity.data.capacity} />
          <dl className={styles.scanner__counts}>
            <div>
              <dt>{t('inside')}</dt>
              <dd>{t('ofCapacity', { count: inside ?? 0, capacity: activity.data.capacity })}</dd>
            </div>
            <div>
              <dt>{t('admitted')}</dt>
              <dd>{admitted}</dd>
            </div>
            <div>
              <dt>{t('guestsInside')}</dt>
              <dd>{activity.data.guests.inside}</dd>
            </div>
            <div>
              <dt>{t('drinks')}</dt>
              <dd>{drinks}</dd>
            </div>
          </dl>
          {activity.data.recent.length ? (
            <ol className={styles.scanner__recent} aria-label={t('recent')}>
              {activity.data.recent.map((entry) => (
                <li key={entry.id} className={`${styles['scanner__recent-item']} ${styles[`scanner__recent-item--${toneOf(entry.verdict)}`]}`}>
                  <span aria-hidden="true">{VERDICT_ICONS[toneOf(entry.verdict)]}</span>
                  <span className={styles['scanner__recent-verdict']}>{t(`verdicts.${entry.verdict}`)}</span>
                  <span>{entry.name ?? t('unknown')}</span>
                  <time dateTime={entry.at.toISOString()}>{format.dateTime(entry.at, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE })}</time>
                </li>
              ))}
            </ol>
          ) : (
            <p className="field__hint">{t('noScans')}</p>
          )}
        </>
      )}
    </section>
  );
}

/** Whichever of two changing values changed last (the feed's, or this door's latest answer). */
function useNewer<T>(fromFeed: T | null, fromAnswer: T | null): T | null {
  const [seen, setSeen] = useState({ feed: fromFeed, answer: fromAnswer, newer: fromAnswer ?? fromFeed });
  if (fromFeed === seen.feed && fromAnswer === seen.answer) return seen.newer ?? fromFeed ?? fromAnswer;
  const newer = fromAnswer !== seen.answer && fromAnswer !== null ? fromAnswer : fromFeed !== seen.feed && fromFeed !== null ? fromFeed : seen.newer;
  setSeen({ feed: fromFeed, answer: fromAnswer, newer });
  return newer ?? fromFeed ?? fromAnswer;
}
