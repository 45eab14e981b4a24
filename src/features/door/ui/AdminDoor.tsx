'use client';
// The door in the admin area: tonight's admissions of capacity, drinks and refusals by reason as
// they happen (/admin), an event's figures with its CSV (the event editor), and a person's
// admissions, scans and pass (their user page).
import { useId } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { localized, VENUE_TIME_ZONE } from '@/i18n/routing';
import { trpc } from '@/trpc/client';
import { ConfirmButton } from '@/ui/dialog/ConfirmButton';
import { RetryAlert } from '@/ui/errors/RetryAlert';
import { Alert, FeedbackAlert } from '@/ui/feedback/Alert';
import { useFeedback } from '@/ui/feedback/useFeedback';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { doorActivityFeed } from '../client/live-feeds';
import type { DoorActivity, DoorEvent, EventRowCounts } from '../door-figures';
import { Skeleton } from '@/ui/Skeleton';
import { LoadingStatus } from '@/ui/page/LoadingStatus';
import { CapacityWarning } from './CapacityWarning';
import { activityChange, LiveNight, NightAtAGlance } from './Night';
import styles from './door.module.css';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE } as const;

function Figures({ activity }: { activity: DoorActivity }) {
  const t = useTranslations('AdminDoor');
  return (
    <>
      <CapacityWarning inside={activity.inside} capacity={activity.capacity} />
      <dl className={styles.scanner__counts}>
        <div>
          <dt>{t('inside')}</dt>
          <dd>{t('ofCapacity', { count: activity.inside, capacity: activity.capacity })}</dd>
        </div>
        <div>
          <dt>{t('admitted')}</dt>
          <dd>{activity.admitted}</dd>
        </div>
        <div>
          <dt>{t('members')}</dt>
          <dd className={styles['scanner__counts-pair']}>{t('admittedInside', { admitted: activity.admitted - activity.guests.admitted, inside: activity.inside - activity.guests.inside })}</dd>
        </div>
        <div>
          <dt>{t('guests')}</dt>
          <dd className={styles['scanner__counts-pair']}>{t('admittedInside', { admitted: activity.guests.admitted, inside: activity.guests.inside })}</dd>
        </div>
        <div>
          <dt>{t('drinks')}</dt>
          <dd>{activity.drinks}</dd>
        </div>
        <div>
          <dt>{t('offline')}</dt>
          <dd>{activity.offline}</dd>
        </div>
        <div>
          <dt>{t('conflicts')}</dt>
          <dd>{activity.conflicts}</dd>
        </div>
      </dl>
      {activity.flagged.length ? <Flagged activity={activity} /> : null}
      {activity.overrides.length ? <Overrides activity={activity} /> : null}
    </>
  );
}

/** What offline doors' uploads flagged: each second admission names both doors and times. */
function Flagged({ activity }: { activity: DoorActivity }) {
  const t = useTranslations('AdminDoor');
  const format = useFormatter();
  const time = (at: Date) => format.dateTime(at, TIME);
  return (
    <>
      <h3 className={styles['door-admin__subheading']}>{t('flaggedHeading')}</h3>
      <ul className={`${styles['door-admin__list']} door-admin__flagged`}>
        {activity.flagged.map((flag) => (
          <li key={flag.id}>
            <span aria-hidden="true">! </span>
            <strong>{t(`flags.${flag.kind}`)}</strong>: {flag.name} ·{' '}
            {flag.kind === 'secondAdmission' && flag.first
              ? t('secondAdmission', { firstDoor: flag.first.device, firstTime: time(flag.first.at), secondDoor: flag.second.device, secondTime: time(flag.second.at) })
              : t('flaggedAt', { door: flag.second.device, time: time(flag.second.at) })}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Admit anyway" at a full door: who let whom in, when, how full it was, and the reason given. */
function Overrides({ activity }: { activity: DoorActivity }) {
  const t = useTranslations('AdminDoor');
  const format = useFormatter();
  return (
    <>
      <h3 className={styles['door-admin__subheading']}>{t('overridesHeading')}</h3>
      <ul className={styles['door-admin__list']} data-testid="capacity-overrides">
        {activity.overrides.map((override) => (
          <li key={override.id}>
            <span aria-hidden="true">! </span>
            <strong>{override.name ?? '…'}</strong> ·{' '}
            {t(override.offline ? 'overrideByOffline' : 'overrideBy', { scanner: override.scannerName ?? '…', door: override.device, time: format.dateTime(override.at, TIME), inside: override.inside, capacity: override.capacity })}
            <br />
            <q>{override.reason}</q>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /admin: an event whose door is open, live. */
export function DoorTonight({ event }: { event: Pick<DoorEvent, 'id' | 'title'> }) {
  const t = useTranslations('AdminDoor');
  const locale = useLocale();
  const id = useId();
  const activity = useLiveFeed(doorActivityFeed, { eventId: event.id });
  return (
    <section className={`panel ${styles['door-admin']}`} aria-labelledby={`${id}-title`} aria-busy={activity.status === 'loading'}>
      <h2 id={`${id}-title`}>{t('tonightHeading', { event: localized(event.title, locale) })}</h2>
      {activity.status === 'loading' ? (
        <Skeleton shape="field" label={t('loading')} />
      ) : activity.status === 'error' ? (
        <Alert kind="error">{t('failed')}</Alert>
      ) : (
        <Figures activity={activity.data} />
      )}
      <NightAtAGlance eventId={event.id} change={activity.status === 'ready' ? activityChange(activity.data) : undefined} />
      <p className={styles['door-admin__links']}>
        <Link href={`/scanner?event=${encodeURIComponent(event.id)}&mode=entry`}>{t('openScanner')}</Link>
        {' · '}
        <a href={reportPath(event.id, locale)} download>
          {t('download')}
        </a>
      </p>
    </section>
  );
}

/** An event's CSV, in the language of the page it is downloaded from. */
function reportPath(eventId: string, locale: string): string {
  return `/api/door/${encodeURIComponent(eventId)}/report?locale=${locale}`;
}

/** The event editor: the event's door figures once, and its CSV. */
export function EventDoorFigures({ eventId }: { eventId: string }) {
  const t = useTranslations('AdminDoor');
  const locale = useLocale();
  const id = useId();
  const figures = trpc.door.figures.useQuery({ eventId });
  return (
    <section className={`panel ${styles['door-admin']}`} aria-labelledby={`${id}-title`} aria-busy={figures.isPending}>
      <h2 id={`${id}-title`}>{t('eventHeading')}</h2>
      {figures.isPending ? <Skeleton shape="field" label={t('loading')} /> : figures.isError ? <RetryAlert error={figures.error} onRetry={() => figures.refetch()} /> : <Figures activity={figures.data} />}
      <LiveNight eventId={eventId} />
      <p className={styles['door-admin__links']}>
        <a href={reportPath(eventId, locale)} download>
          {t('download')}
        </a>
      </p>
    </section>
  );
}

/** A row of the admins' event list: the event's admissions of capacity, drinks, a past night's peak, and its CSV. */
export function EventRowDoor({ eventId, title, counts }: { eventId: string; title: string; counts: EventRowCounts | undefined }) {
  const t = useTranslations('AdminDoor');
  const locale = useLocale();
  return (
    <p className={styles['event-row__door']}>
      <span className="visually-hidden">{t('rowFiguresLabel')}: </span>
      {counts ? <span>{t('rowFigures', { admitted: counts.admitted, capacity: counts.capacity, drinks: counts.drinks })}</span> : <Skeleton shape="text" label={t('loading')} />}
      {counts?.night ? <span>{` · ${t('rowNight', { peak: counts.night.peakInside, admitted: counts.night.admitted })}`}</span> : null}
      {' · '}
      {/* The accessible name starts with the visible text (WCAG 2.5.3): "CSV: download the admissions…". */}
      <a href={reportPath(eventId, locale)} download aria-label={t('rowDownloadLabel', { event: title })}>
        {t('rowDownload')}
      </a>
    </p>
  );
}

/** A person's page: admissions, latest scans, and a new pass when their phone is lost. */
export function PersonDoor({ uid }: { uid: string }) {
  const t = useTranslations('AdminDoor');
  const v = useTranslations('Scanner.verdicts');
  const format = useFormatter();
  const locale = useLocale();
  const id = useId();
  const door = trpc.door.ofPerson.useQuery({ uid });
  const { feedback, succeeded, failed } = useFeedback();
  const utils = trpc.useUtils();
  const rotate = trpc.door.rotatePass.useMutation({
    onSuccess: () => {
      succeeded(t('rotated'));
      // The person's history on the same page gains the entry.
      void utils.users.get.invalidate({ uid });
    },
    onError: failed,
  });
  const day = (at: Date) => format.dateTime(at, { dateStyle: 'medium', timeZone: VENUE_TIME_ZONE });
  return (
    <section className={`panel ${styles['door-admin']}`} aria-labelledby={`${id}-title`} aria-busy={door.isPending}>
      <h2 id={`${id}-title`}>{t('personHeading')}</h2>
      {door.isPending ? (
        <LoadingStatus>{t('personLoading')}</LoadingStatus>
      ) : door.isError ? (
        <RetryAlert error={door.error} onRetry={() => door.refetch()} />
      ) : (
        <>
          <h3 className={styles['door-admin__subheading']}>{t('admissions')}</h3>
          {door.data.admissions.length ? (
            <ul className={styles['door-admin__list']}>
              {door.data.admissions.map((admission) => (
                <li key={admission.eventId}>
                  {admission.title ? localized(admission.title, locale) : admission.eventId} · {day(admission.at)} {format.dateTime(admission.at, TIME)} · {admission.door}
                  {admission.source === 'manual' ? ` · ${t('manual')}` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p className="field__hint">{t('noAdmissions')}</p>
          )}
          <h3 className={styles['door-admin__subheading']}>{t('scans')}</h3>
          {door.data.scans.length ? (
            <ul className={styles['door-admin__list']}>
              {door.data.scans.map((scan) => (
                <li key={scan.id}>
                  {day(scan.at)} {format.dateTime(scan.at, TIME)} · {v(scan.verdict)} · {scan.door}
                </li>
              ))}
            </ul>
          ) : (
            <p className="field__hint">{t('noScans')}</p>
          )}
        </>
      )}
      <FeedbackAlert feedback={feedback} />
      <ConfirmButton
        disabled={rotate.isPending}
        title={t('rotateTitle')}
        text={t('rotateText')}
        confirmLabel={t('rotate')}
        cancelLabel={t('cancel')}
        onConfirm={() => rotate.mutateAsync({ uid })}
      >
        {t('rotate')}
      </ConfirmButton>
    </section>
  );
}
