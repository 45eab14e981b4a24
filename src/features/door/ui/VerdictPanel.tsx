'use client';
// The verdict card that fills the scanner after a scan: colour, icon and words, the member's photo
// and name for the face check, when and where they were first admitted, drinks left; or no
// answer (with a retry) or the error.
import { useFormatter, useTranslations } from 'next-intl';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { ownPhoto } from '@/ui/shell/own-photo';
import type { Outcome } from '../client/useDoorScan';
import { useVerdictFocus } from '../client/useVerdictFocus';
import { toneOf } from '../client/verdict-signals';

/** The icon of each kind of verdict, on the card and in the latest scans. */
export const VERDICT_ICONS = { accepted: '✓', notice: '!', refused: '✕' } as const;

export function VerdictPanel({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const t = useTranslations('Scanner');
  const format = useFormatter();
  const time = (at: Date) => format.dateTime(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: VENUE_TIME_ZONE });
  const action = useVerdictFocus(outcome, onDismiss);
  if (outcome.kind !== 'verdict') {
    return (
      <section className="verdict verdict--refused" role="alert" aria-live="assertive">
        <span className="verdict__icon" aria-hidden="true">!</span>
        <h2 className="verdict__heading">{outcome.kind === 'offline' ? t('noAnswer') : t('scanFailed')}</h2>
        <p className="verdict__detail">{outcome.kind === 'offline' ? t('noAnswerHint') : outcome.text}</p>
        <div className="verdict__actions">
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
  const photo = ownPhoto(result.member?.photoURL ?? null);
  return (
    <section className={`verdict verdict--${tone}`} role="alert" aria-live="assertive" data-verdict={result.verdict}>
      <span className="verdict__icon" aria-hidden="true">{VERDICT_ICONS[tone]}</span>
      <h2 className="verdict__heading">{t(`verdicts.${result.verdict}`)}</h2>
      {result.member ? (
        <div className="verdict__member">
          {photo ? (
            // eslint-disable-next-line @next/next/no-img-element -- served by our own avatar route
            <img className="avatar verdict__photo" src={photo} alt={t('photoOf', { name: result.member.displayName ?? '' })} width={160} height={160} />
          ) : (
            <span className="avatar verdict__photo" role="img" aria-label={t('noPhoto')}>
              {(result.member.displayName ?? '?').charAt(0).toUpperCase()}
            </span>
          )}
          <p className="verdict__name">{result.member.displayName}</p>
        </div>
      ) : null}
      {result.verdict === 'alreadyAdmitted' && result.firstAt ? (
        <p className="verdict__detail">{t('firstAdmitted', { time: time(result.firstAt), door: result.firstDevice ?? '' })}</p>
      ) : null}
      {result.verdict === 'expiredCode' ? <p className="verdict__detail">{t('expiredHint')}</p> : null}
      {result.drinksLeft !== null && result.verdict === 'drinkRedeemed' ? <p className="verdict__detail">{t('drinksLeft', { count: result.drinksLeft })}</p> : null}
      <div className="verdict__actions">
        <button ref={action} type="button" className="button button--ghost" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </section>
  );
}
