// Per-request i18n configuration for server components: the locale and its messages.
import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing, VENUE_TIME_ZONE } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: (await import(`./messages/${locale}.json`)).default,
    timeZone: VENUE_TIME_ZONE,
  };
});
