'use client';
// The night at a glance (decision 052), in the admins' door panels: arrivals per 15 minutes per
// door and who was inside over time, each chart with a table of the same figures, refusals by
// reason beside them. Fetched as door.night, again when the door's live activity changes.
import { useEffect, useId, useMemo, useRef } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { doorActivityFeed } from '../client/live-feeds';
import type { DoorActivity } from '../door-figures';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Skeleton } from '@/ui/Skeleton';
import type { NightFigures } from '../night';
import { arrivalsData, insideData, lineLook, stepEnd, type NightLine } from './night-lines';
import { NightChart, NightLegend } from './NightChart';
import styles from './door.module.css';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE } as const;

/**
 * The night is drawn from every door record of the event, so it is fetched again at most this
 * often while scans arrive (the figures beside it follow each scan).
 */
export const NIGHT_REFETCH_MS = 10_000;

/**
 * The night of an event. `change` is a fingerprint of the door's live activity: when it changes,
 * the night is fetched again (at most every NIGHT_REFETCH_MS); without it, the night is read once.
 */
export function NightAtAGlance({ eventId, change }: { eventId: string; change?: string }) {
  const t = useTranslations('AdminDoor.night');
  const id = useId();
  const night = trpc.door.night.useQuery({ eventId });
  useRefetchOnChange(change, night.refetch);
  return (
    <section className={styles.night} aria-labelledby={`${id}-night`} aria-busy={night.isPending} data-testid="night">
      <h3 id={`${id}-night`} className={styles['door-admin__subheading']}>
        {t('heading')}
      </h3>
      {night.isPending ? (
        <Skeleton shape="bar" label={t('loading')} />
      ) : night.isError ? (
        <RetryAlert error={night.error} onRetry={() => night.refetch()} />
      ) : (
        <NightDrawn night={night.data} />
      )}
    </section>
  );
}

/** What changes in the door's live activity when a scan or an upload arrives. */
export function activityChange(activity: DoorActivity): string {
  return JSON.stringify([activity.admitted, activity.inside, activity.conflicts, activity.recent[0]?.id ?? null, activity.refused]);
}

/** The night of the event editor's door panel, fetched again as the door's live activity changes. */
export function LiveNight({ eventId }: { eventId: string }) {
  const activity = useLiveFeed(doorActivityFeed, { eventId });
  return <NightAtAGlance eventId={eventId} change={activity.status === 'ready' ? activityChange(activity.data) : undefined} />;
}

/** Fetches again when `change` moves on from a value it had, no more often than NIGHT_REFETCH_MS. */
function useRefetchOnChange(change: string | undefined, refetch: () => unknown) {
  const seen = useRef(change);
  const lastAt = useRef(0);
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  useEffect(() => {
    const before = seen.current;
    seen.current = change;
    // The first activity comes with the night's own first fetch.
    if (change === undefined || before === undefined || change === before) return;
    const timer = setTimeout(
      () => {
        lastAt.current = Date.now();
        void latest.current();
      },
      Math.max(0, lastAt.current + NIGHT_REFETCH_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [change]);
}

/** The drawn night: totals, the two charts with their tables, refusals. */
export function NightDrawn({ night }: { night: NightFigures }) {
  const t = useTranslations('AdminDoor');
  const format = useFormatter();
  if (!night.doors.length && !night.refused.length) return <p className="field__hint">{t('night.empty')}</p>;
  return (
    <>
      <dl className={styles.scanner__counts}>
        <div>
          <dt>{t('night.peakLabel')}</dt>
          <dd className={styles['scanner__counts-pair']}>{night.peakAt ? t('night.peakAt', { count: night.peakInside, time: format.dateTime(night.peakAt, TIME) }) : format.number(0)}</dd>
        </div>
        <div>
          <dt>{t('night.overrides')}</dt>
          <dd>{format.number(night.overrides)}</dd>
        </div>
        <div>
          <dt>{t('night.bansApplied')}</dt>
          <dd>{format.number(night.bansApplied)}</dd>
        </div>
      </dl>
      <div className={styles.night__charts}>
        <Arrivals night={night} />
        <Inside night={night} />
        <Refused night={night} />
      </div>
    </>
  );
}

function useStepLabel(steps: Date[]) {
  const t = useTranslations('AdminDoor.night');
  const format = useFormatter();
  return (index: number) => t('step', { from: format.dateTime(steps[index]!, TIME), to: format.dateTime(stepEnd(steps, index), TIME) });
}

function Arrivals({ night }: { night: NightFigures }) {
  const t = useTranslations('AdminDoor.night');
  const lines = useMemo<NightLine[]>(() => night.doors.map((door, index) => ({ label: door, ...lineLook(index) })), [night.doors]);
  const { x, series } = useMemo(() => arrivalsData(night), [night]);
  const totals = night.arrivals.map(({ people }) => people.reduce((sum, count) => sum + count, 0));
  return (
    <figure className={styles.night__figure}>
      <figcaption className={styles.night__caption}>{t('arrivalsHeading')}</figcaption>
      <NightChart x={x} series={series} lines={lines} stepped />
      <NightLegend lines={lines} label={t('legend')} />
      <StepTable
        testId="night-arrivals-table"
        caption={t('arrivalsCaption')}
        columns={[...night.doors, t('total')]}
        rows={night.steps.map((_, index) => {
          const atDoors = night.arrivals.map(({ people }) => people[index]!);
          return [...atDoors, atDoors.reduce((sum, count) => sum + count, 0)];
        })}
        total={[...totals, night.admitted]}
        steps={night.steps}
      />
    </figure>
  );
}

function Inside({ night }: { night: NightFigures }) {
  const t = useTranslations('AdminDoor');
  const members = t('members');
  const guests = t('guests');
  const lines = useMemo<NightLine[]>(() => [{ label: members, ...lineLook(0) }, { label: guests, ...lineLook(1) }], [members, guests]);
  const { x, series } = useMemo(() => insideData(night), [night]);
  return (
    <figure className={styles.night__figure}>
      <figcaption className={styles.night__caption}>{t('night.insideHeading')}</figcaption>
      <NightChart x={x} series={series} lines={lines} stepped={false} />
      <NightLegend lines={lines} label={t('night.legend')} />
      <StepTable
        testId="night-inside-table"
        caption={t('night.insideCaption')}
        columns={[members, guests, t('night.total')]}
        rows={night.steps.map((_, index) => [night.inside.members[index]!, night.inside.guests[index]!, night.inside.members[index]! + night.inside.guests[index]!])}
        steps={night.steps}
      />
    </figure>
  );
}

/**
 * A chart's figures as a table, one row per 15 minutes (and a total row where there is one): what
 * screen readers and the keyboard read in place of the canvas, behind "Show as table".
 */
function StepTable({ testId, caption, columns, rows, total, steps }: { testId: string; caption: string; columns: string[]; rows: number[][]; total?: number[]; steps: Date[] }) {
  const t = useTranslations('AdminDoor.night');
  const format = useFormatter();
  const stepLabel = useStepLabel(steps);
  return (
    <details className={styles.night__table}>
      <summary>{t('showTable')}</summary>
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('time')}</th>
            {columns.map((column, index) => (
              <th scope="col" key={index}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={steps[index]!.getTime()}>
              <th scope="row">{stepLabel(index)}</th>
              {row.map((value, column) => (
                <td key={column}>{format.number(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {total ? (
          <tfoot>
            <tr>
              <th scope="row">{t('total')}</th>
              {total.map((value, column) => (
                <td key={column}>{format.number(value)}</td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </details>
  );
}

/** Refusals by reason in words, each with a bar of its share (the words and numbers carry it). */
function Refused({ night }: { night: NightFigures }) {
  const t = useTranslations('AdminDoor');
  const v = useTranslations('Scanner.verdicts');
  const format = useFormatter();
  const most = night.refused[0]?.count ?? 0;
  return (
    <figure className={styles.night__figure}>
      <figcaption className={styles.night__caption}>{t('night.refusedHeading')}</figcaption>
      {night.refused.length ? (
        <ul className={styles.night__refused}>
          {night.refused.map(({ verdict, count }) => (
            <li key={verdict}>
              <span>{v(verdict)}</span> <strong>{format.number(count)}</strong>
              <span className={styles['night__refused-bar']} style={{ inlineSize: `${(count / most) * 100}%` }} aria-hidden="true" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t('noRefusals')}</p>
      )}
    </figure>
  );
}
