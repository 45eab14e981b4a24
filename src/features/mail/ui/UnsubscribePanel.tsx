'use client';
// /unsubscribe: asks before it stops anything (link scanners open every link in a mail, and a GET
// must never unsubscribe), then posts the one-click unsubscribe the mail programs use and says in
// a live region what came of it. Without JavaScript the same form posts there and comes back with
// the result in the address.
import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { FeedbackAlert } from '@/ui/feedback/Alert';
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_OUTCOMES, type UnsubscribeResult } from '../constants';

interface Props {
  /** The link's uid and token, when the address carried a well-formed pair. */
  link: { uid: string; token: string } | null;
  /** What a post without JavaScript came back with. */
  result: UnsubscribeResult | null;
}

type State = { kind: 'asking' } | { kind: 'sending' } | { kind: 'done'; outcome: UnsubscribeResult } | { kind: 'failed' };

function isOutcome(value: unknown): value is UnsubscribeResult {
  return typeof value === 'string' && (UNSUBSCRIBE_OUTCOMES as readonly string[]).includes(value);
}

export function UnsubscribePanel({ link, result }: Props) {
  const t = useTranslations('Unsubscribe');
  const locale = useLocale();
  const [state, setState] = useState<State>(result ? { kind: 'done', outcome: result } : { kind: 'asking' });
  const action = link ? `${ONE_CLICK_UNSUBSCRIBE_PATH}?${new URLSearchParams({ u: link.uid, t: link.token, l: locale })}` : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) return;
    setState({ kind: 'sending' });
    try {
      // As a mail program posts it: the body RFC 8058 names, and no cookie (none is needed).
      const response = await fetch(action, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      const outcome = ((await response.json().catch(() => null)) as { outcome?: unknown } | null)?.outcome;
      setState(isOutcome(outcome) ? { kind: 'done', outcome } : { kind: 'failed' });
    } catch {
      setState({ kind: 'failed' });
    }
  }

  const done = state.kind === 'done' ? state.outcome : null;
  const stopped = done === 'unsubscribed' || done === 'alreadyUnsubscribed';
  return (
    <section className="panel" aria-labelledby="unsubscribe-question">
      {!link && !done ? (
        <p id="unsubscribe-question">{t('incomplete')}</p>
      ) : (
        <>
          <h2 id="unsubscribe-question">{done ? t('resultHeading') : t('question')}</h2>
          <p>{t('serviceNote')}</p>
        </>
      )}
      <FeedbackAlert
        feedback={done ? { kind: stopped ? 'success' : 'error', text: t(`outcomes.${done}`) } : state.kind === 'failed' ? { kind: 'error', text: t('failed') } : null}
      />
      {action && !done ? (
        <form method="post" action={action} onSubmit={(event) => void submit(event)}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className="button button--primary" disabled={state.kind === 'sending'} aria-busy={state.kind === 'sending'}>
            {state.kind === 'sending' ? <span className="spinner" aria-hidden="true" /> : null}
            {t('confirm')}
          </button>
        </form>
      ) : null}
      {done || !link ? (
        <p>
          {stopped ? t('againLead') : t('profileLead')} <Link href="/vip/profile">{t('profileLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}
