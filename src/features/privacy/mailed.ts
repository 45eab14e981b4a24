// Every mail the venue sends, in one table beside the browser's (decision 026): the privacy notice
// on /impressum renders it, and a test of the mail feature fails on a kind of mail this table
// does not name, so a feature that mails something new must add it here (and so to the notice).
// Plain data; only the server's notice reads it.
import 'server-only';

export interface MailedItem {
  /** The kinds of mail of this row, as the outbox names them (src/features/mail/outbox.ts, MAIL_KINDS). */
  kinds: readonly string[];
  /** Messages key under Privacy.mailed.<key>: what it is and why it is sent. */
  key: string;
  /** Sent only to people who asked for it on their profile (each carries a way to stop it). */
  optIn?: true;
}

export const MAILED: readonly MailedItem[] = [
  { kinds: ['signInLink', 'confirmAddress', 'passwordReset'], key: 'signIn' },
  { kinds: ['membershipRequested', 'membershipApproved', 'membershipDeclined', 'membershipCancelled', 'membershipEnding', 'membershipEnded'], key: 'membership' },
  { kinds: ['guestTicket', 'publicTicket', 'guestListTicket', 'waitlistOffer', 'ticketCancelled'], key: 'tickets' },
  { kinds: ['announcement'], key: 'announcements', optIn: true },
  { kinds: ['requestsDigest'], key: 'digest', optIn: true },
  { kinds: ['nightSummary'], key: 'nightSummary', optIn: true },
];

/** How long the outbox keeps a mail's document (its address and what it said) after it was written. */
export const MAIL_KEPT_DAYS = 30;
