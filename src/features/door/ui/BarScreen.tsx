'use client';
// /vip/bar: tonight's drinks for this member, counted down live as the bar scans the pass, and the
// pass itself to show there.
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { localized, VENUE_TIME_ZONE } from '@/i18n/routing';
import { useLiveFeed } from '@/features/live/client/useLiveFeed';
import { nightFeed } from '../client/live-feeds';
import { PassScreen } from './PassScreen';
import { Skeleton } from '@/ui/Skeleton';
import { Alert } from '@/ui/feedback/Alert';
import styles from './door.module.css';

export function BarScreen() {
  const t = useTranslations('Bar');
  const format = useFormatter();
  const locale = useLocale();
  const night = useLiveFeed(nightFeed, undefined);

  return (
    <div className={styles.bar}>
      <section className={`panel ${styles.bar__drinks}`} aria-labelledby="bar-drinks" aria-busy={night.status === 'loading'}>
        <h2 id="bar-drinks">{t('drinksHeading')}</h2>
        {night.status === 'loading' ? (
          <Skeleton shape="field" label={t('loading')} />
        ) : night.status === 'error' ? (
          <Alert kind="error">{t('failed')}</Alert>
        ) : !night.data.event ? (
          <p>{t('noEvent')}</p>
        ) : (
          <>
            <p className={styles.bar__event}>
              {localized(night.data.event.title, locale)} ·{' '}
              {format.dateTime(night.data.event.startsAt, { weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE })}
            </p>
            <p className={styles.bar__count} role="status" aria-live="polite">
              {t('drinksLeft', { count: night.data.drinksLeft, allowance: night.data.event.drinkAllowance })}
            </p>
            <p className="field__hint">{night.data.checkedInAt ? t('hint') : t('checkInFirst')}</p>
          </>
        )}
      </section>
      {night.status === 'ready' && night.data.event ? <BarMenu lines={localized(night.data.event.barMenu, locale)} /> : null}
      <section aria-labelledby="bar-pass">
        <h2 id="bar-pass" className={styles['bar__pass-heading']}>{t('passHeading')}</h2>
        <PassScreen />
      </section>
    </div>
  );
}

function BarMenu({ lines }: { lines: string }) {
  const t = useTranslations('Bar');
  const items = lines
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <section className={`panel ${styles.bar__menu}`} aria-labelledby="bar-menu">
      <h2 id="bar-menu">{t('menuHeading')}</h2>
      {items.length ? (
        <ul className={styles['bar__menu-items']}>
          {items.map((item, index) => (
            <li key={`${index}-${item}`}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t('menuEmpty')}</p>
      )}
    </section>
  );
}
