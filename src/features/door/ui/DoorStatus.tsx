'use client';
// The door's status line, always there: "Online", or "Offline since 22:14 · 3 scans waiting · list
// from 22:10". Below it, what else the phone holds that is not on its way: scans waiting for
// another person to sign in here ("2 scans wait for Alex: they are sent when Alex signs in on this
// phone"), and how many the server refused (listed by SetAsideScans). Said in words and an icon,
// never by colour alone; read out when it changes. While a whole list comes page by page, a
// progress bar says how far ("Door list: 12,000 of 20,000 members"), outside the live region so a
// screen reader is not read every page.
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import type { DoorSyncState } from '../client/door-sync';
import styles from './door.module.css';

export function DoorStatus({ state }: { state: DoorSyncState }) {
  const t = useTranslations('Scanner.status');
  const format = useFormatter();
  const time = (at: Date) => format.dateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
  const parts = [state.online ? t('online') : state.offlineSince ? t('offlineSince', { time: time(state.offlineSince) }) : t('offline')];
  if (state.waiting > 0 || !state.online) parts.push(t('waiting', { count: state.waiting }));
  parts.push(state.listAt ? t('listFrom', { time: time(state.listAt) }) : t('noList'));
  const notes = [
    ...state.waitingForOthers.map(({ uid, name, count }) => ({ key: uid, text: name ? t('waitingFor', { count, name }) : t('waitingForAnother', { count }) })),
    ...(state.setAside.length ? [{ key: 'set-aside', text: t('setAside', { count: state.setAside.length }) }] : []),
  ];
  return (
    <div className={styles['door-state']}>
      <p className={state.online ? styles['door-status'] : `${styles['door-status']} ${styles['door-status--offline']}`} role="status" data-online={state.online} data-list-at={state.listAt?.toISOString()}>
        <span className="door-status__icon" aria-hidden="true">
          {state.online ? '●' : '○'}
        </span>
        <span className={styles['door-status__text']}>{parts.join(' · ')}</span>
      </p>
      {state.listProgress ? (
        <label className={styles['door-progress']}>
          {t('listLoading', { members: state.listProgress.members, of: Math.max(state.listProgress.members, state.listProgress.of) })}
          <progress max={Math.max(1, state.listProgress.of)} value={Math.min(state.listProgress.members, state.listProgress.of)} />
        </label>
      ) : null}
      {/* There before anything is said in it, so a screen reader reads out what appears. */}
      <div role="status">
        {notes.length ? (
          <ul className={styles['door-notes']}>
            {notes.map((note) => (
              <li key={note.key} className={styles['door-notes__item']}>
                <span className={styles['door-notes__icon']} aria-hidden="true">
                  !
                </span>
                {note.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
