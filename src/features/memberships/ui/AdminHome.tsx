// /admin: the figures that matter now, each leading to where it is worked on: members admitted
// now, requests waiting, upcoming events, and the next event with its capacity. Rendered on the
// server from the admin procedures.
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { localized } from '@/i18n/routing';
import type { ProgrammeOverview } from '@/features/events/event-admin';
import { Facts } from '@/ui/Facts';
import styles from './AdminHome.module.css';

export async function AdminHome({ members, programme }: { members: { active: number; pending: number }; programme: ProgrammeOverview }) {
  const t = await getTranslations('AdminHome');
  const format = await getFormatter();
  const locale = await getLocale();
  const next = programme.next;
  const figures = [
    { key: 'members', value: members.active, href: '/admin/subscriptions?filter=active' },
    { key: 'pending', value: members.pending, href: '/admin/subscriptions?filter=pending' },
    { key: 'upcoming', value: programme.upcoming, href: '/admin/events' },
  ] as const;
  return (
    <div className={styles['admin-home']}>
      <ul className={styles.figures}>
        {figures.map(({ key, value, href }) => (
          <li key={key}>
            <Link href={href} className={key === 'pending' && value > 0 ? `${styles.figure} ${styles['figure--attention']}` : styles.figure}>
              <span className={styles.figure__value}>{format.number(value)}</span>
              <span className={styles.figure__label}>{t(`figures.${key}`, { count: value })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section className="panel" aria-labelledby="admin-next-title">
        <h2 id="admin-next-title">{t('nextHeading')}</h2>
        {next ? (
          <Facts>
            <dt>{t('event')}</dt>
            <dd>
              <Link href={`/admin/events?edit=${encodeURIComponent(next.id)}`}>{localized(next.title, locale)}</Link>
            </dd>
            <dt>{t('starts')}</dt>
            <dd>
              <time dateTime={next.startsAt.toISOString()}>
                {format.dateTime(next.startsAt, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Berlin' })}
              </time>
            </dd>
            <dt>{t('capacity')}</dt>
            <dd>{t('capacityValue', { count: next.capacity })}</dd>
            <dt>{t('drinks')}</dt>
            <dd>{next.drinkAllowance > 0 ? t('drinksValue', { count: next.drinkAllowance }) : t('noDrinks')}</dd>
          </Facts>
        ) : (
          <p className="empty-state">
            {t('noNext')} <Link href="/admin/events?edit=new">{t('createEvent')}</Link>
          </p>
        )}
      </section>
      <nav aria-label={t('toolsLabel')} className={styles['admin-tools']}>
        <ul>
          {(['subscriptions', 'events', 'images', 'users'] as const).map((tool) => (
            <li key={tool}>
              <Link href={`/admin/${tool}`}>{t(`tools.${tool}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
