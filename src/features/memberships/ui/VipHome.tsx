// /vip: the member's home. Their membership (valid until, days left in the last fortnight), the
// next events with their drinks at the VIP bar, and the way to the pass, the bar, the lounge and
// the profile. Staff without a membership are told they are here for work. Rendered on the server.
import type { ComponentType, ReactNode } from 'react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import type { Identity } from '@/access/identity';
import type { MemberEvent } from '@/features/events/public-events';
import { BellIcon, GlassIcon, PassIcon, SofaIcon } from '@/ui/icons';
import { Alert } from '@/ui/feedback/Alert';
import { daysLeft, isEndingSoon } from '../membership-rules';
import type { MyMembership } from '../memberships';
import memberships from './memberships.module.css';
import styles from './VipHome.module.css';

const SHORTCUTS = [
  { key: 'pass', href: '/vip/qr', Icon: PassIcon },
  { key: 'bar', href: '/vip/bar', Icon: GlassIcon },
  { key: 'lounge', href: '/vip/lounge', Icon: SofaIcon },
  { key: 'profile', href: '/vip/profile', Icon: BellIcon },
] as const;

/** `EventGrid`: the events' grid of cards, handed in by the page that puts the two features together. */
export async function VipHome({
  identity,
  membership,
  events,
  now,
  EventGrid,
}: {
  identity: Identity;
  membership: MyMembership;
  events: MemberEvent[];
  now: Date;
  EventGrid: ComponentType<{ events: readonly MemberEvent[]; below: (event: MemberEvent) => ReactNode }>;
}) {
  const t = await getTranslations('VipHome');
  const tRoles = await getTranslations('Roles');
  const format = await getFormatter();
  const current = membership.current;
  const day = (date: Date) => format.dateTime(date, { dateStyle: 'long', timeZone: 'Europe/Berlin' });
  const left = current ? daysLeft(current, now) : null;

  return (
    <div className={styles['vip-home']}>
      <section className={`panel ${styles['membership-card']}`} aria-labelledby="membership-card-title">
        <h2 id="membership-card-title">{t('membershipHeading')}</h2>
        {current ? (
          <>
            <p className={styles['membership-card__status']}>
              <span className={`badge ${memberships['badge--membership-active']}`}>
                <span aria-hidden="true">◆</span> {t('active')}
              </span>
              <span>{t('validUntil', { date: day(new Date(current.validUntil!.getTime() - 1)) })}</span>
            </p>
            {isEndingSoon(current, now) && left !== null && (
              <Alert kind="warning" standing>
                {t('endingSoon', { days: left })}
              </Alert>
            )}
          </>
        ) : (
          <p>{t('staffOnly', { role: tRoles(identity.role ?? 'none') })}</p>
        )}
      </section>

      <nav className={styles['vip-shortcuts']} aria-label={t('shortcutsLabel')}>
        <ul>
          {SHORTCUTS.map(({ key, href, Icon }) => (
            <li key={key}>
              <Link href={href} className={styles['vip-shortcut']}>
                <Icon className={styles['vip-shortcut__icon']} />
                <span className={styles['vip-shortcut__title']}>{t(`shortcuts.${key}.title`)}</span>
                <span className={styles['vip-shortcut__text']}>{t(`shortcuts.${key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section className="section" aria-labelledby="vip-next-title">
        <h2 id="vip-next-title">{t('nextHeading')}</h2>
        {events.length === 0 ? (
          <p className="empty-state">{t('nextEmpty')}</p>
        ) : (
          <EventGrid
            events={events}
            below={(event) => (
              <p className={styles['event-card__drinks']}>
                <GlassIcon className={styles['event-card__drinks-icon']} /> {t('drinks', { count: event.drinkAllowance })}
              </p>
            )}
          />
        )}
      </section>
    </div>
  );
}
