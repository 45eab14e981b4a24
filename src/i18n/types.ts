// Types the translation keys: a misspelt key is a compile error, not a blank on screen.
import type messages from './messages/en.json';
import type { routing } from './routing';

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
