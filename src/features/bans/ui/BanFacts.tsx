'use client';
// One ban as admins read it: whether it holds (in words and a sign, not by colour alone), the
// reason, its first and last day at the venue, and who banned.
import { useFormatter, useTranslations } from 'next-intl';
import { Facts } from '@/ui/Facts';
import type { BanState, BanView } from '../ban-admin';
import styles from './bans.module.css';

const STATE_SIGN: Record<BanState, string> = { holding: '⛔', upcoming: '◷', ended: '✓' };

/** The venue's days: the first, and the last (the day before the instant a ban ends). */
function useBanDays() {
  const format = useFormatter();
  const day = (date: Date) => format.dateTime(date, { dateStyle: 'medium', timeZone: 'Europe/Berlin' });
  return { first: (ban: Pick<BanView, 'from'>) => day(ban.from), last: (ban: Pick<BanView, 'until'>) => (ban.until ? day(new Date(ban.until.getTime() - 1)) : null) };
}

export function BanStateText({ state }: { state: BanState }) {
  const t = useTranslations('AdminBans');
  return (
    <span className={state === 'ended' ? styles['ban-state--ended'] : undefined}>
      <span aria-hidden="true">{STATE_SIGN[state]} </span>
      {t(`state.${state}`)}
    </span>
  );
}

export function BanFacts({ ban }: { ban: BanView }) {
  const t = useTranslations('AdminBans');
  const days = useBanDays();
  return (
    <Facts>
      <dt>{t('stateLabel')}</dt>
      <dd>
        <BanStateText state={ban.state} />
      </dd>
      <dt>{t('reasonLabel')}</dt>
      <dd className={styles['ban__reason']}>{ban.reason}</dd>
      <dt>{t('fromLabel')}</dt>
      <dd>{days.first(ban)}</dd>
      <dt>{t('untilLabel')}</dt>
      <dd>{days.last(ban) ?? t('untilLifted')}</dd>
      <dt>{t('byLabel')}</dt>
      <dd>{ban.createdByName ?? t('someone')}</dd>
    </Facts>
  );
}
