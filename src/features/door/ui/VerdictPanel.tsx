'use client';
// The verdict card that fills the scanner after a scan: colour, icon and words, the member's photo
// and name for the face check, or a ticket's holder, whose guest they are and how many people it
// admits; when and where they were first admitted, drinks left, and "Decided offline" when this
// phone decided it without the server; or why it was not decided (with a retry) or the error.
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { Avatar } from '@/ui/Avatar';
import { ownPhoto } from '@/ui/shell/own-photo';
import type { Outcome } from '../client/useDoorScan';
import type { TicketAtDoor } from '../scanning';
import { useVerdictFocus } from '../client/useVerdictFocus';
import { toneOf } from '../client/verdict-signals';
import { AdmitAnywayDialog } from './AdmitAnywayDialog';
import styles from './door.module.css';

/** The icon of each kind of verdict, on the card and in the latest scans. */
export const VERDICT_ICONS = { accepted: '✓', notice: '!', refused: '✕', full: '■' } as const;

export function VerdictPanel({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const t = useTranslations('Scanner');
  const format = useFormatter();
  const time = (at: Date) => format.dateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
  const action = useVerdictFocus(outcome, onDismiss);
  if (outcome.kind !== 'verdict') {
    const reason = outcome.kind === 'offline' ? outcome.reason : null;
    return (
      <section className={`${styles.verdict} ${styles['verdict--refused']}`} role="alert" aria-live="assertive" data-testid="verdict" data-undecided={reason ?? undefined}>
        <span className={styles.verdict__icon} aria-hidden="true">!</span>
        <h2 className={styles.verdict__heading}>{reason === 'bar' ? t('undecided.bar') : reason ? t('noAnswer') : t('scanFailed')}</h2>
        <p className={styles.verdict__detail}>{reason === 'bar' ? t('undecided.barHint') : reason === 'noAnswer' ? t('noAnswerHint') : reason ? t(`undecided.${reason}`) : outcome.kind === 'error' ? outcome.text : null}</p>
        <div className={styles.verdict__actions}>
          {outcome.kind === 'offline' ? (
            <button ref={action} type="button" className="button button--primary" onClick={outcome.retry}>
              {t('retry')}
            </button>
          ) : null}
          <button ref={outcome.kind === 'offline' ? undefined : action} type="button" className="button button--ghost" onClick={onDismiss}>
            {t('dismiss')}
          </button>
        </div>
      </section>
    );
  }
  const { result } = outcome;
  const tone = toneOf(result.verdict);
  // Decided here without signal: the photo this phone kept with the door list.
  const photo = result.photo ?? ownPhoto(result.member?.photoURL ?? null);
  return (
    <section className={`${styles.verdict} ${styles[`verdict--${tone}`]}`} role="alert" aria-live="assertive" data-testid="verdict" data-verdict={result.verdict} data-offline={result.decidedOffline || undefined}>
      <span className={styles.verdict__icon} aria-hidden="true">{VERDICT_ICONS[tone]}</span>
      <h2 className={styles.verdict__heading}>{t(`verdicts.${result.verdict}`)}</h2>
      {result.decidedOffline ? (
        <p className={styles.verdict__offline}>
          {/* A cloud crossed out: the icon beside the words, never alone. */}
          <svg className={styles['verdict__offline-icon']} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.1 9.2 4.5 4.5 0 0 0 7 18Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('decidedOffline')}
        </p>
      ) : null}
      {result.member ? (
        <div className={styles.verdict__member}>
          <Avatar
            photo={photo}
            initial={(result.member.displayName ?? '?').charAt(0).toUpperCase()}
            alt={t('photoOf', { name: result.member.displayName ?? '' })}
            initialLabel={t('noPhoto')}
            size={160}
            className={styles.verdict__photo}
          />
          <p className={styles.verdict__name}>{result.member.displayName}</p>
        </div>
      ) : null}
      {result.ticket ? <TicketLines ticket={result.ticket} /> : null}
      {result.verdict === 'alreadyAdmitted' && result.firstAt ? (
        <p className={styles.verdict__detail}>{t('firstAdmitted', { time: time(result.firstAt), door: result.firstDevice ?? '' })}</p>
      ) : null}
      {result.verdict === 'expiredCode' ? <p className={styles.verdict__detail}>{t('expiredHint')}</p> : null}
      {/* Says no more: why the venue shut someone out is for the manager, not the door. */}
      {result.verdict === 'notAdmitted' ? <p className={styles.verdict__detail}>{t('notAdmittedHint')}</p> : null}
      {result.drinksLeft !== null && result.verdict === 'drinkRedeemed' ? <p className={styles.verdict__detail}>{t('drinksLeft', { count: result.drinksLeft })}</p> : null}
      {result.verdict === 'full' ? <FullLine result={result} /> : null}
      <div className={styles.verdict__actions}>
        {outcome.admitAnyway ? <AdmitAnywayDialog onAdmit={outcome.admitAnyway} /> : null}
        <button ref={action} type="button" className="button button--ghost" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}

/** How full: the server's count, or this phone's own without signal (said to be approximate). */
function FullLine({ result }: { result: Extract<Outcome, { kind: 'verdict' }>['result'] }) {
  const t = useTranslations('Scanner');
  const count = result.inside ?? (result.counts ? { inside: result.counts.inside, capacity: result.counts.capacity } : null);
  if (!count) return null;
  return <p className={styles.verdict__detail}>{result.inside ? t('fullApproximate', { ...count }) : t('fullCount', { ...count })}</p>;
}

/**
 * A ticket's holder as the door checks them: "Guest of Mia Member", "Guest list · Kai +3" (and
 * that it is four people), "Public ticket". Names only: door staff see no address.
 */
function TicketLines({ ticket }: { ticket: TicketAtDoor }) {
  const t = useTranslations('Scanner.ticket');
  const line =
    ticket.kind === 'guestList' ? t('guestList', { name: ticket.name, party: ticket.party }) : ticket.kind === 'public' ? t('public') : ticket.sponsorName ? t('guestOf', { name: ticket.sponsorName }) : t('guest');
  return (
    <div className={styles.verdict__ticket} data-testid="verdict-ticket">
      <p className={styles.verdict__name}>{ticket.name}</p>
      <p className={styles.verdict__detail}>{line}</p>
      {ticket.party > 0 ? <p className={styles.verdict__people}>{t('people', { count: ticket.party + 1 })}</p> : null}
    </div>
  );
}
