// The API's own words (refusals the app's client or a person with another client reads), in the
// language of the request: the x-locale header the app's client sends, else the language cookie.
// use-intl's core (what next-intl re-exports): no React, so scripts outside Next can load it too.
import { createTranslator } from 'use-intl/core';
import en from './messages/en.json';
import de from './messages/de.json';
import { isLocale, LOCALE_COOKIE_NAME, toLocale, type Locale } from './routing';

const MESSAGES = { en, de } as const;

export function errorMessages(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Errors' });
}

/** The unsubscribe endpoint's answers, which the page (and a person testing the link by hand) reads. */
export function unsubscribeMessages(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Unsubscribe.outcomes' });
}

export function requestLocale(headers: Headers): Locale {
  const requested = headers.get('x-locale');
  if (isLocale(requested)) return requested;
  const cookie = (headers.get('cookie') ?? '').match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE_NAME}=([^;]*)`))?.[1];
  return toLocale(cookie);
}

/** What the app and the phone say to a person offered a freed public ticket (in their language). */
export function waitlistOfferMessages(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: 'PublicTickets.offerMessage' });
}
