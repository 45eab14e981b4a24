// The mail port: one message to one address, through SMTP. One adapter (nodemailer), two places it
// points at: MailDev beside the Auth emulator on the embedded backend (every mail lands in its inbox
// at http://127.0.0.1:1080, nothing leaves the machine), the venue's SMTP service (`SMTP_URL`) on
// Firebase. Domain code takes this interface; without a service the app has no transport and says so.

/** A rendered mail, in the recipient's language, ready to send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<id@host>`: the same for every attempt, so a receiver can tell a repeat from a new mail. */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Pictures the HTML shows inline (`<img src="cid:…">`): carried in the mail, so opening it loads nothing from anywhere. */
  attachments?: InlineAttachment[];
}

/** A picture inside the mail, named by its Content-ID. */
export interface InlineAttachment {
  /** What `cid:` names in the HTML, without the brackets. */
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
}

export type MailOutcome =
  | { status: 'sent' }
  /** The server refused the address for good (SMTP 5xx): no mail to it again. */
  | { status: 'refused'; reason: string }
  /** Anything else (no connection, 4xx, a timeout): try again later. */
  | { status: 'failed'; reason: string };

export interface MailTransport {
  /** Where mail goes, for the start-up line and the admins (`MailDev (127.0.0.1:1025)`, `smtp.example.org`): no words, so the same in every language. */
  readonly describe: string;
  /** Sends one mail; never throws. */
  send(mail: OutgoingMail): Promise<MailOutcome>;
  /** Closes the connections kept open for the next mail (a server stopping, a test's end). */
  close(): void;
}
