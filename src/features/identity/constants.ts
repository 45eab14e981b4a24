// What the account's forms and the server agree on, light enough for the browser (no schema library).
export const DISPLAY_NAME_MAX = 80;

/** A new password's shortest length: Firebase's default minimum (specification: 6), which it checks again. */
export const PASSWORD_MIN_LENGTH = 6;

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;
