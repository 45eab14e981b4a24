// The mail feature's names the browser shares with the server (the unsubscribe page). Plain
// constants with no imports: the browser bundles this file.

/**
 * Where a person stops announcements: a page (the link in the mail's text, opened in a browser),
 * which asks before it does anything, since link scanners open every link a mail carries.
 */
export const UNSUBSCRIBE_PATH = '/unsubscribe';

/**
 * Where a mail program stops them in one click (RFC 8058, the `List-Unsubscribe` header): a POST
 * with `List-Unsubscribe=One-Click`, no cookie, no sign-in. The page's button posts there too.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** What the one-click unsubscribe answers: stopped now, stopped before, a link that is not (or no longer) the person's, a post without RFC 8058's body. */
export const UNSUBSCRIBE_OUTCOMES = ['unsubscribed', 'alreadyUnsubscribed', 'invalidLink', 'notOneClick'] as const;
export type UnsubscribeResult = (typeof UNSUBSCRIBE_OUTCOMES)[number];
