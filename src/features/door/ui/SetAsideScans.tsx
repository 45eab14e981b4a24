'use client';
// The scans the server refused for good (decision 043): kept on this phone, out of the queue, so a
// decision the door made is never silently lost. Folded under a count; open, each says what was
// decided about whom, when and at which door, by whom, how, and why the server did not record it.
// A door manager tells an admin, then removes it; a scan refused for what this phone wrote can be
// sent again (after the app was updated).
import { useId, useRef } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { Facts } from '@/ui/Facts';
import { Alert } from '@/ui/feedback/Alert';
import type { DoorSync, SetAsideEntry } from '../client/door-sync';
import { toneOf } from '../client/verdict-signals';
import { VERDICT_ICONS } from './VerdictPanel';
import styles from './door.module.css';

export function SetAsideScans({ entries, sync }: { entries: SetAsideEntry[]; sync: DoorSync | null }) {
  const t = useTranslations('Scanner.setAside');
  const id = useId();
  const summary = useRef<HTMLElement>(null);
  if (!entries.length || !sync) return null;
  // The button pressed goes with its scan: focus stays in the list.
  const keepFocus = (step: Promise<void>) => void step.then(() => summary.current?.focus());
  return (
    <Alert kind="warning" standing className={styles['set-aside']} aria-labelledby={`${id}-summary`}>
      <details className={styles['set-aside__details']}>
        <summary ref={summary} id={`${id}-summary`}>
          {t('summary', { count: entries.length })}
        </summary>
        <p>{t('lead')}</p>
        <ul className={styles['set-aside__list']}>
          {entries.map((entry) => (
            <SetAsideItem key={entry.nonce} entry={entry} onRemove={() => keepFocus(sync.dismiss(entry.nonce))} onSendAgain={() => keepFocus(sync.sendAgain(entry.nonce))} />
          ))}
        </ul>
      </details>
    </Alert>
  );
}

function SetAsideItem({ entry, onRemove, onSendAgain }: { entry: SetAsideEntry; onRemove: () => void; onSendAgain: () => void }) {
  const t = useTranslations('Scanner.setAside');
  const tScanner = useTranslations('Scanner');
  const format = useFormatter();
  const what = useId();
  const { decision, by, reason, member } = entry;
  const tone = toneOf(decision.verdict);
  const when = format.dateTime(decision.decidedAt, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
  return (
    <li className={styles['set-aside__item']}>
      <p id={what} className={styles['set-aside__what']}>
        <span aria-hidden="true">{VERDICT_ICONS[tone]} </span>
        {tScanner(`verdicts.${decision.verdict}`)} · {member ?? tScanner('unknown')}
      </p>
      <Facts>
        <dt>{t('decided')}</dt>
        <dd>{t('decidedAt', { time: when, door: decision.device })}</dd>
        <dt>{t('by')}</dt>
        <dd>{by?.name ?? tScanner('unknown')}</dd>
        <dt>{t('how')}</dt>
        <dd>{t(`sources.${decision.source}`)}</dd>
        <dt>{t('why')}</dt>
        <dd>{t(`reasons.${reason}`)}</dd>
      </Facts>
      <div className={styles['set-aside__actions']}>
        {reason === 'refused' ? (
          <button type="button" className="button button--ghost button--small" aria-describedby={what} onClick={onSendAgain}>
            {t('sendAgain')}
          </button>
        ) : null}
        <button type="button" className="button button--ghost button--small" aria-describedby={what} onClick={onRemove}>
          {t('remove')}
        </button>
      </div>
    </li>
  );
}
