// Types the translation keys: a misspelt key is a compile error, not a blank on screen.
import type messages from './messages/en.json';
import type german from './messages/de.json';
import type { routing } from './routing';

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}

/**
 * Why the server refused a call, as the client shows it (`Errors.reasons.<reason>`): only a key
 * that both languages have, so a misspelt reason fails the type check instead of reaching a
 * person as "Something went wrong".
 */
export type ErrorReason = keyof (typeof messages)['Errors']['reasons'] & keyof (typeof german)['Errors']['reasons'];
