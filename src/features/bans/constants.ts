// The house ban list's limits, shared by the server and the admins' form (no server code here).

/** The longest reason an admin may give. */
export const BAN_REASON_MAX = 500;

/** The longest name an admin may give a banned guest (a ticket holder's name fits). */
export const BAN_NAME_MAX = 100;

/** The longest address a ban takes (RFC 5321's path limit less its brackets, as tickets take). */
export const BAN_EMAIL_MAX = 254;

/**
 * How long an ended ban is kept before the retention sweep deletes it: a day, so that the door
 * list of the night it ended on (handed out 12 hours before the door opens) and the admins' list
 * still show it ended rather than gone, and no longer, since a ban is the person's record.
 */
export const BAN_KEPT_AFTER_END_MS = 24 * 60 * 60 * 1000;
