// Per-request i18n configuration for server components: the locale and its messages.
import { getRequestConfig } from 'next-intl/server';
import { VENUE_TIME_ZONE, toLocale } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = toLocale(requested);
  return {
    locale,
    messages: (await import(`./messages/${locale}.json`)).default,
    timeZone: VENUE_TIME_ZONE,
  };
});
