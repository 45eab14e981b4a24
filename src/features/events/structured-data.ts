// What search engines and link previews read from an event page: schema.org Event data and the
// addresses of the map, the calendar file and the preview image. Pure, so tests can parse it.
import 'server-only';
import { localized, localizedPath, type Locale } from '@/i18n/routing';
import type { PublicEvent } from './public-events';
import type { Venue } from './events';
import { plainText } from './rich-text';
import { SOCIAL_CARD } from '@/navigation/social-card';
import { RENDITION_WIDTHS, renditionUrl } from '@/features/images/renditions';

/** The width of the cover rendition used for link previews and schema.org (1200+ is preferred). */
export const PREVIEW_WIDTH = 1280;

export function eventPath(locale: Locale, slug: string): string {
  return localizedPath(locale, `/events/${slug}`);
}

export function calendarPath(locale: Locale, slug: string): string {
  return `/api/events/${encodeURIComponent(slug)}/calendar?locale=${locale}`;
}

/** The largest cover rendition up to PREVIEW_WIDTH that the original is wide enough for, else the site's card. */
export function previewImage(origin: string, event: Pick<PublicEvent, 'cover'>): { url: string; width: number; height: number } {
  if (!event.cover) return { url: `${origin.replace(/\/$/, '')}${SOCIAL_CARD.path}`, width: SOCIAL_CARD.width, height: SOCIAL_CARD.height };
  const fitting = RENDITION_WIDTHS.filter((width) => width <= Math.min(PREVIEW_WIDTH, event.cover!.width));
  const width = fitting.at(-1) ?? RENDITION_WIDTHS[0];
  return {
    url: `${origin.replace(/\/$/, '')}${renditionUrl(event.cover.imageId, width)}`,
    width,
    height: Math.round((event.cover.height / event.cover.width) * width),
  };
}

export function mapUrl(venue: Venue): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${venue.name}, ${venue.address}`)}`;
}

export function eventJsonLd(event: PublicEvent, locale: Locale, origin: string): Record<string, unknown> {
  const base = origin.replace(/\/$/, '');
  const image = previewImage(base, event);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: localized(event.title, locale),
    description: event.summary[locale] || plainText(event.description[locale]),
    startDate: event.startsAt.toISOString(),
    endDate: event.endsAt.toISOString(),
    doorTime: event.doorsAt.toISOString(),
    eventStatus: event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    inLanguage: locale,
    url: base + eventPath(locale, event.slug),
    location: { '@type': 'Place', name: event.venue.name, address: event.venue.address },
    image: [image.url],
    organizer: { '@type': 'Organization', name: 'Nordlicht', url: base + localizedPath(locale, '/') },
  };
}

/** JSON for a <script> element: `<` escaped so no text in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
