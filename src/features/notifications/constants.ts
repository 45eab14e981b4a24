// The notifications' words and the specification's push terms, shared by the browser and the
// server. Plain constants with no imports: the browser bundles this file, and zod or node: modules
// in it break the page's CSP.
export const NOTIFICATION_STATUS_NAMES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type NotificationStatusName = (typeof NOTIFICATION_STATUS_NAMES)[number];
export const NOTIFICATION_FILTER_VALUES = ['all', ...NOTIFICATION_STATUS_NAMES] as const;
export const AUDIENCE_KIND_NAMES = ['everyone', 'members', 'lapsed', 'role', 'people'] as const;
export type AudienceKindName = (typeof AUDIENCE_KIND_NAMES)[number];

/** "Members not seen at the door in N weeks" (the nudge a club sends its lapsed members): N from a week to a year. */
export const LAPSED_WEEKS_MIN = 1;
export const LAPSED_WEEKS_MAX = 52;
export const LAPSED_WEEKS_DEFAULT = 8;

/**
 * Who also gets a notification by e-mail (an announcement, to those who said yes to announcements
 * on their profile): nobody, those of them with no device that allowed pushes, or all of them.
 */
export const EMAIL_CHANNELS = ['off', 'withoutPush', 'optedIn'] as const;
export type EmailChannel = (typeof EMAIL_CHANNELS)[number];
export const TITLE_LIMIT = 80;
export const BODY_LIMIT = 500;
export const PEOPLE_LIMIT = 200;

/** A device registers again when its registration is older than this. */
export const PUSH_REFRESH_DAYS = 7;

/** Turning push on (the worker, the push subscription, the server's answer) fails after this. */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;

/** The one thing push keeps in the browser (localStorage): this device's registration. */
export const PUSH_RECORD_KEY = 'pushRegistration';
