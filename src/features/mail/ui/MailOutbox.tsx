// /admin: the mail outbox at a glance (issue 44): off without an SMTP service; otherwise where mail
// goes, what waits, what failed in the last day and the latest error. Rendered on the server.
import { getFormatter, getTranslations } from 'next-intl/server';
import { VENUE_TIME_ZONE } from '@/i18n/routing';
import { Facts } from '@/ui/Facts';
import { Alert } from '@/ui/feedback/Alert';
import type { OutboxState } from '../outbox-state';

export async function MailOutbox({ state }: { state: OutboxState }) {
  const t = await getTranslations('AdminMail');
  const format = await getFormatter();
  return (
    <section className="panel" aria-labelledby="admin-mail-title" data-mail={state.on ? 'on' : 'off'}>
      <h2 id="admin-mail-title">{t('heading')}</h2>
      {!state.on ? (
        <Alert kind="warning" standing>
          {t('off')}
        </Alert>
      ) : (
        <Facts>
          <dt>{t('through')}</dt>
          <dd>{state.through}</dd>
          <dt>{t('waiting')}</dt>
          <dd>
            {t('mails', { count: state.waiting })}
            {state.retrying > 0 ? ` (${t('retrying', { count: state.retrying })})` : ''}
          </dd>
          <dt>{t('failed')}</dt>
          <dd>
            {t('mails', { count: state.failedLastDay })}
            {state.failedLastDay > 0 ? <span className="field__hint"> {t('failedHelp')}</span> : null}
          </dd>
          {state.latestError ? (
            <>
              <dt>{t('latestError')}</dt>
              <dd>
                <time dateTime={state.latestError.at.toISOString()}>{format.dateTime(state.latestError.at, { dateStyle: 'medium', timeStyle: 'short', timeZone: VENUE_TIME_ZONE })}</time>
                {': '}
                <code>{state.latestError.reason}</code>
              </dd>
            </>
          ) : null}
        </Facts>
      )}
    </section>
  );
}
