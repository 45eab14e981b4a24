// /tickets/{id}?key=<secret>: a ticket's own page (issue 45), for a guest without an app or an
// account: the event, the holder, the code for the door, the calendar, and "remove from this
// phone" / "cancel my ticket". The link's secret is the ticket: a wrong or missing one is the
// plain 404 of an unknown ticket; the page is never indexed and sends no referrer, so the address
// leaves this page for no one. The service worker keeps it for the door (decision 040).
import { notFound } from 'next/navigation';
import { TRPCError } from '@trpc/server';
import { getFormatter, getTranslations } from 'next-intl/server';
import { localized } from '@/i18n/routing';
import { pageShell } from '@/app/_compose/page-shell';
import { getServerApi } from '@/app/_server/server';
import { TrpcProvider } from '@/trpc/client';
import { Facts } from '@/ui/Facts';
import { CalendarIcon } from '@/ui/icons';
import { Alert } from '@/ui/feedback/Alert';
import { calendarPath, eventPath } from '@/features/events/structured-data';
import { TicketLinkInput } from '@/features/tickets/tickets.inputs';
import { TicketActions } from '@/features/tickets/ui/TicketActions';
import { QrCode } from '@/features/door/ui/QrCode';
import styles from '@/features/tickets/ui/tickets.module.css';

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

async function ticketOf(id: string, key: string | undefined) {
  const link = TicketLinkInput.safeParse({ id, key });
  if (!link.success) notFound();
  try {
    return { link: link.data, ticket: await (await getServerApi()).tickets.get(link.data) };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}

const page = pageShell('ticket', {
  messages: ['Ticket'],
  // The address carries the ticket's secret: out of search engines, and sent as no page's referrer.
  metadata: (base) => ({ ...base, robots: { index: false, follow: false }, referrer: 'no-referrer' }),
  content: async ({ locale, params, searchParams }) => {
    const { link, ticket } = await ticketOf(params.id ?? '', one((await searchParams).key));
    const [t, tEvents, format] = await Promise.all([getTranslations({ locale, namespace: 'Ticket' }), getTranslations({ locale, namespace: 'Events' }), getFormatter({ locale })]);
    const cancelled = ticket.state === 'cancelled';
    const when = (date: Date) => format.dateTime(date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' });
    // A guest-list entry's party as the door says it: "Kai +3".
    const holder = ticket.party > 0 ? `${ticket.holderName} +${ticket.party}` : ticket.holderName;
    const kind = ticket.kind === 'guest' ? t('kinds.guest', { sponsor: ticket.sponsorName ?? '' }) : t(`kinds.${ticket.kind}`);
    return (
      <TrpcProvider locale={locale}>
        <article className={styles.ticket}>
          {ticket.event.status === 'cancelled' && (
            <Alert kind="error" standing>
              <strong>{tEvents('cancelledNotice')}</strong> {tEvents('cancelledHint')}
            </Alert>
          )}
          {cancelled ? (
            <Alert kind="error" standing>
              <strong className={styles.ticket__state}>{t('cancelled')}</strong> {t('cancelledLead')}{' '}
              {ticket.cancelledBy ? t(`cancelledBy.${ticket.cancelledBy}`, { sponsor: ticket.sponsorName ?? '' }) : null}
            </Alert>
          ) : (
            <Alert kind="success" standing>
              <strong className={styles.ticket__state}>{t('valid')}</strong> · {kind}
            </Alert>
          )}
          {ticket.code && (
            // Drawn on the server: the page carries the code as SVG, no script needed to show it.
            <div className={styles.ticket__code}>
              <QrCode value={ticket.code} label={t('qrLabel', { name: ticket.holderName })} />
            </div>
          )}
          {ticket.code && <p>{t('showAtDoor')}</p>}
          <Facts>
            <dt>{t('holder')}</dt>
            <dd className={cancelled ? styles.ticket__cancelled : undefined}>{holder}</dd>
            <dt>{t('event')}</dt>
            <dd>
              <a href={eventPath(locale, ticket.event.slug)}>{localized(ticket.event.title, locale)}</a>
            </dd>
            <dt>{t('date')}</dt>
            <dd>
              <time dateTime={ticket.event.startsAt.toISOString()}>{when(ticket.event.startsAt)}</time>
            </dd>
            <dt>{t('doors')}</dt>
            <dd>
              <time dateTime={ticket.event.doorsAt.toISOString()}>{format.dateTime(ticket.event.doorsAt, { hour: 'numeric', minute: '2-digit' })}</time>
            </dd>
            <dt>{t('venue')}</dt>
            <dd>
              {ticket.event.venue.name}
              <br />
              {ticket.event.venue.address}
            </dd>
          </Facts>
          {!cancelled && (
            <p>
              <a className="button button--ghost" href={calendarPath(locale, ticket.event.slug)} download={`${ticket.event.slug}.ics`}>
                <CalendarIcon className="button__icon" />
                {t('calendar')}
                <span className="visually-hidden"> ({t('calendarHint')})</span>
              </a>
            </p>
          )}
          {!cancelled && <p className="field__hint">{t('offline')}</p>}
          <TicketActions id={link.id} secret={link.key} cancellable={ticket.cancellable} />
        </article>
      </TrpcProvider>
    );
  },
});

export const generateMetadata = page.generateMetadata;
export default page.Page;
