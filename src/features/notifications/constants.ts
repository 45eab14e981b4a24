// The notifications' words shared by the admin's pages and the server, with no schema library or
// Node module, so client components can import them.
export const NOTIFICATION_STATUS_NAMES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type NotificationStatusName = (typeof NOTIFICATION_STATUS_NAMES)[number];
export const NOTIFICATION_FILTER_VALUES = ['all', ...NOTIFICATION_STATUS_NAMES] as const;
export const AUDIENCE_KIND_NAMES = ['everyone', 'members', 'role', 'people'] as const;
export type AudienceKindName = (typeof AUDIENCE_KIND_NAMES)[number];
export const TITLE_LIMIT = 80;
export const BODY_LIMIT = 500;
export const PEOPLE_LIMIT = 200;
