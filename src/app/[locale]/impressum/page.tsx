// Legal notice (Impressum) with the sections German law expects; the operator is fictional.
import { getTranslations } from 'next-intl/server';
import { localeStaticParams } from '@/i18n/locale-params';
import type { Locale } from '@/i18n/routing';
import { pageShell, type RouteView } from '@/app/_compose/page-shell';
import { TableScroll } from '@/ui/list/TableScroll';
import { Alert } from '@/ui/feedback/Alert';
import { env } from '@/server/env';
import { FIREBASE_BROWSER_HOSTS } from '@/server/http/security-headers';
import { BROWSER_STORAGE } from '@/features/privacy/browser-storage';
import { MAIL_KEPT_DAYS, MAILED } from '@/features/privacy/mailed';
import { MAX_PER_ADDRESS_PER_HOUR } from '@/features/mail/sender';
import { mailDestination } from '@/server/mail/mail';
import styles from './page.module.css';

export const generateStaticParams = localeStaticParams;

// The title heads the article, without the route's description.
const page = pageShell('impressum', { heading: 'within', lead: false, content: ImpressumPage });

export const generateMetadata = page.generateMetadata;
export default page.Page;

const TEXT_SECTIONS = [
  ['representedHeading', 'represented'],
  ['registerHeading', 'register'],
  ['vatHeading', 'vat'],
  ['responsibleHeading', 'responsible'],
  ['disputeHeading', 'dispute'],
  ['liabilityHeading', 'liability'],
  ['copyrightHeading', 'copyright'],
] as const;

async function ImpressumPage({ locale, heading }: RouteView) {
  const t = await getTranslations({ locale });
  return (
    <article className="prose">
      {heading}
      <Alert kind="info" standing>
        {t('Impressum.fictionalNotice')}
      </Alert>
      <section aria-labelledby="imp-provider">
        <h2 id="imp-provider">{t('Impressum.providerHeading')}</h2>
        <address className={styles.address}>{t('Impressum.providerLines')}</address>
      </section>
      <section aria-labelledby="imp-contact">
        <h2 id="imp-contact">{t('Impressum.contactHeading')}</h2>
        <p>
          {t('Impressum.contactPhone')}
          <br />
          {t('Impressum.contactEmail')}
        </p>
      </section>
      {TEXT_SECTIONS.map(([heading, text]) => (
        <section key={heading} aria-labelledby={`imp-${text}`}>
          <h2 id={`imp-${text}`}>{t(`Impressum.${heading}`)}</h2>
          <p>{t(`Impressum.${text}`)}</p>
        </section>
      ))}
      <PrivacyNotice locale={locale} />
    </article>
  );
}

/** The hosts the browser talks to with the Firebase backend, and the notice's words for each. */
const HOST_NOTES: Record<string, string> = {
  'https://identitytoolkit.googleapis.com': 'identitytoolkit',
  'https://securetoken.googleapis.com': 'securetoken',
  'https://firestore.googleapis.com': 'firestore',
  'https://firebasestorage.googleapis.com': 'firebasestorage',
  'https://fcmregistrations.googleapis.com': 'fcmregistrations',
  'https://firebaseinstallations.googleapis.com': 'firebaseinstallations',
  'https://www.google.com': 'google',
  'https://apis.google.com': 'apisGoogle',
};

/**
 * The privacy notice, true by construction: what the browser stores is the table every feature
 * adds to (src/features/privacy/browser-storage.ts, checked by the browser tour), what is mailed
 * the table every kind of mail is in (mailed.ts, checked against the outbox's kinds), the hosts
 * are the Content-Security-Policy's own list, and where mail goes is where this server sends it.
 */
async function PrivacyNotice({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Privacy' });
  const firebase = env.BACKEND === 'firebase';
  const hosts = [...new Set([...FIREBASE_BROWSER_HOSTS.connect, ...FIREBASE_BROWSER_HOSTS.img, ...FIREBASE_BROWSER_HOSTS.script])];
  return (
    <section aria-labelledby="imp-privacy" className="privacy">
      <h2 id="imp-privacy">{t('heading')}</h2>
      <p>{t('controller')}</p>
      <p>{t('noBanner')}</p>
      <h3 id="privacy-browser">{t('browserHeading')}</h3>
      <p>{t('browserIntro')}</p>
      <TableScroll labelledBy="privacy-browser">
        <table className="privacy__table">
          <thead>
            <tr>
              <th scope="col">{t('columns.name')}</th>
              <th scope="col">{t('columns.kind')}</th>
              <th scope="col">{t('columns.purpose')}</th>
              <th scope="col">{t('columns.lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {BROWSER_STORAGE.map((item) => (
              <tr key={`${item.kind} ${item.name}`}>
                <th scope="row">
                  <code>{item.prefix ? t('prefix', { name: item.name }) : item.name}</code>
                  {item.firebaseOnly ? <span className="privacy__note"> {t('firebaseOnly')}</span> : null}
                </th>
                <td>{t(`kinds.${item.kind}`)}</td>
                <td>{t(`storage.${item.key}.purpose` as 'storage.session.purpose')}</td>
                <td>{t(`storage.${item.key}.lifetime` as 'storage.session.lifetime')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h3>{t('serverHeading')}</h3>
      <ul>
        <li>{t('serverAccount')}</li>
        <li>{t('serverDoor')}</li>
        <li>{t('serverGuests')}</li>
        <li>{t('serverBans')}</li>
        <li>{t('serverMessages')}</li>
        <li>{t('serverSessions')}</li>
      </ul>
      <h3 id="privacy-mail">{t('mailHeading')}</h3>
      <p>{t('mailIntro')}</p>
      <TableScroll labelledBy="privacy-mail">
        <table className="privacy__table">
          <thead>
            <tr>
              <th scope="col">{t('mailColumns.mail')}</th>
              <th scope="col">{t('mailColumns.purpose')}</th>
              <th scope="col">{t('mailColumns.choice')}</th>
            </tr>
          </thead>
          <tbody>
            {MAILED.map((item) => (
              <tr key={item.key}>
                <th scope="row">{t(`mailed.${item.key}.name` as 'mailed.signIn.name')}</th>
                <td>{t(`mailed.${item.key}.purpose` as 'mailed.signIn.purpose')}</td>
                <td>{item.optIn ? t('mailChoice.optIn') : t('mailChoice.always')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p>{t('mailKept', { days: MAIL_KEPT_DAYS, perHour: MAX_PER_ADDRESS_PER_HOUR })}</p>
      <p>{t(`mailGoes.${mailDestination()}`)}</p>
      <h3>{t('servicesHeading')}</h3>
      {firebase ? (
        <>
          <p>{t('servicesFirebase')}</p>
          <ul>
            {hosts.map((host) => (
              <li key={host}>
                <code>{new URL(host).host}</code>: {t(`hosts.${HOST_NOTES[host] ?? 'google'}` as 'hosts.google')}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('servicesEmbedded')}</p>
      )}
      <h3>{t('deleteHeading')}</h3>
      <p>{t('delete')}</p>
    </section>
  );
}
