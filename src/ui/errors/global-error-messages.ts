// The four texts of the last-resort error page (src/app/global-error.tsx), in both languages.
// That page is a client component that Next loads with every page, so importing the message
// files there put all of en.json and de.json (36 kB gzip) into every page's first load. The texts
// live in the message files like every other; global-error-messages.test.ts keeps these copies
// equal to them.
import type en from '@/i18n/messages/en.json';

type GlobalErrorMessages = Pick<(typeof en)['Errors'], 'serverErrorTitle' | 'serverErrorMessage' | 'tryAgain' | 'backHome'>;

export const GLOBAL_ERROR_MESSAGES: Record<'en' | 'de', GlobalErrorMessages> = {
  en: {
    serverErrorTitle: 'Internal Server Error',
    serverErrorMessage: 'Something went wrong on our side. Please try again; if it keeps happening, come back in a few minutes.',
    tryAgain: 'Try again',
    backHome: 'Back to the home page',
  },
  de: {
    serverErrorTitle: 'Interner Serverfehler',
    serverErrorMessage: 'Bei uns ist etwas schiefgelaufen. Bitte versuch es noch einmal; wenn es wieder passiert, schau in ein paar Minuten noch mal vorbei.',
    tryAgain: 'Noch einmal versuchen',
    backHome: 'Zur Startseite',
  },
};
