// GET /api/events/{slug}/calendar?locale=de: the event as an iCalendar file for "add to
// calendar", in the page's language. A former slug redirects; drafts and unknown slugs are 404.
import { localized, toLocale } from '@/i18n/routing';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { findEventBySlug } from '@/features/events/public-events';
import { eventCalendar } from '@/features/events/ics';
import { plainText } from '@/features/events/rich-text';
import { calendarPath, eventPath } from '@/features/events/structured-data';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

async function get(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const requested = new URL(request.url).searchParams.get('locale');
  const locale = toLocale(requested);
  const found = await findEventBySlug(getDocuments(), slug);
  if (found.kind === 'missing') return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (found.kind === 'moved') return Response.redirect(new URL(calendarPath(locale, found.slug), request.url), 308);
  const { event } = found;
  const url = env.SITE_URL.replace(/\/$/, '') + eventPath(locale, event.slug);
  const summary = localized(event.summary, locale);
  const description = [summary, plainText(localized(event.description, locale)), url].filter(Boolean).join('\n\n');
  const body = eventCalendar({
    uid: `${event.id}@${new URL(env.SITE_URL).host}`,
    url,
    title: localized(event.title, locale),
    description,
    location: `${event.venue.name}, ${event.venue.address}`,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    cancelled: event.status === 'cancelled',
    updatedAt: event.updatedAt,
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${event.slug}.ics"`,
    },
  });
}

export const GET = logged('/api/events/[slug]/calendar', get);
