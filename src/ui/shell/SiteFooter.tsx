import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import styles from './SiteFooter.module.css';

export async function SiteFooter() {
  const t = await getTranslations('Footer');
  return (
    <footer className={styles['site-footer']}>
      <div className={`container ${styles['site-footer__inner']}`}>
        <p className={styles['site-footer__legal']}>
          {t('copyright', { year: new Date().getFullYear() })} · {t('address')}
        </p>
        <nav aria-label={t('label')}>
          <ul>
            <li><Link href="/events">{t('events')}</Link></li>
            <li><Link href="/about">{t('about')}</Link></li>
            <li><Link href="/impressum">{t('impressum')}</Link></li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
