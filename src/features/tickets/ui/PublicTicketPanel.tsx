'use client';
// Take a free ticket, join the waitlist, see one's place, take or decline an offered ticket, leave
// the waitlist; signed out, the way to sign in and come back. Asks the server with the tab's one
// API client; every change answers where the person stands now.
import { useEffect, useId, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useViewer } from '@/features/identity/client/ViewerProvider';
import { loginHref } from '@/navigation/login-link';
import { browserTrpcClient } from '@/trpc/browser-client';
import { useApiErrorMessage } from '@/trpc/errors';
import { Alert } from '@/ui/feedback/Alert';
import type { PublicTicketStanding } from '../public-tickets';
import styles from './PublicTickets.module.css';

type Loaded = { offered: number; left: number; mine: PublicTicketStanding['mine'] };

export default function PublicTicketPanel({ eventId, slug }: { eventId: string; slug: string }) {
  const t = useTranslations('PublicTickets');
  const format = useFormatter();
  const locale = useLocale();
  const viewer = useViewer();
  const errorMessage = useApiErrorMessage();
  const id = useId();
  const [standing, setStanding] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Asked again after a refusal: where the person stands may have changed meanwhile.
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (viewer.loading) return;
    let current = true;
    const client = browserTrpcClient();
    const standingNow: Promise<Loaded> = viewer.signedIn ? client.publicTickets.mine.query({ eventId }) : client.publicTickets.availability.query({ eventId }).then((available) => ({ ...available, mine: null }));
    standingNow.then(
      (loaded) => {
        if (!current) return;
        setStanding(loaded);
        setFailed(false);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [eventId, viewer.loading, viewer.signedIn, asked]);

  async function act(action: 'take' | 'leave') {
    setBusy(true);
    setError(null);
    try {
      setStanding(await browserTrpcClient().publicTickets[action].mutate({ eventId }));
    } catch (caught) {
      setError(errorMessage(caught));
      setAsked((count) => count + 1);
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <Alert kind="error">{t('loadFailed')}</Alert>;
  if (!standing || (standing.offered === 0 && !standing.mine)) return null;
  const { mine } = standing;
  const until = (date: Date) => format.dateTime(date, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });

  return (
    <section aria-labelledby={`${id}-heading`} className={`panel ${styles['public-tickets']}`}>
      <h2 id={`${id}-heading`}>{t('heading')}</h2>
      {!mine && <p>{t('left', { left: standing.left, offered: standing.offered })}</p>}
      {mine?.state === 'holding' && (
        <>
          <Alert kind="success">{t('holding')}</Alert>
          <p>{t('holdingHint')}</p>
          <Link className="button button--primary" href={mine.link}>
            {t('openTicket')}
          </Link>
        </>
      )}
      {mine?.state === 'waiting' && (
        <>
          <p role="status">
            <strong>{t('waiting', { position: mine.position })}</strong>
          </p>
          <p>{t('waitingHint')}</p>
        </>
      )}
      {mine?.state === 'offered' && (
        // Where the person stands, as the cancelled and holding notes are: said politely.
        <Alert kind="warning" polite>
          {t('offered', { until: until(mine.until) })}
        </Alert>
      )}
      {mine?.state === 'cancelled' && (
        <Alert kind="info">{t('cancelled')}</Alert>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <div className="button-row">
        {!viewer.signedIn && (
          <>
            <Link className="button button--primary" href={loginHref(`/events/${slug}`, locale)}>
              {t('signIn')}
            </Link>
            <p className={styles['public-tickets__hint']}>{t('signInHint')}</p>
          </>
        )}
        {viewer.signedIn && (!mine || mine.state === 'offered') && (
          <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={() => act('take')}>
            {busy ? t('working') : mine?.state === 'offered' || standing.left > 0 ? t('take') : t('join')}
          </button>
        )}
        {viewer.signedIn && (mine?.state === 'waiting' || mine?.state === 'offered') && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => act('leave')}>
            {mine.state === 'offered' ? t('decline') : t('leave')}
          </button>
        )}
      </div>
    </section>
  );
}
