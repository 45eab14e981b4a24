// A mail transport for tests: keeps every mail it is handed and answers as told (sent by default),
// as MailDev or a provider would. The outbox's and every feature's mail tests use this one.
import type { MailOutcome, MailTransport, OutgoingMail } from '@/server/mail/port';

export class RecordingTransport implements MailTransport {
  readonly describe = 'test';
  sent: OutgoingMail[] = [];
  /** What the next sends answer: a refusal or a failure where a test needs one. */
  answer: MailOutcome = { status: 'sent' };
  close() {}
  async send(mail: OutgoingMail): Promise<MailOutcome> {
    this.sent.push(mail);
    return this.answer;
  }
}
