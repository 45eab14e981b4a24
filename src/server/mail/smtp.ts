// The SMTP adapter (nodemailer): a pooled connection to one server. An answer in the 500s to the
// recipient or the message is permanent (RFC 5321: "do not repeat"); everything else is retried by
// the outbox. Loopback servers (MailDev) are reached without TLS; any other host with it.
import 'server-only';
import nodemailer from 'nodemailer';
import type { MailOutcome, MailTransport, OutgoingMail } from './port';

/** How long one attempt may take, connection included: a hung server must not hold the outbox. */
const SEND_TIMEOUT_MS = 20_000;

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

/** An SMTP error's reply code, where the server gave one. */
function replyCode(error: unknown): number | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : null;
}

/** `smtp://user:pass@host:port` or `smtps://…` (implicit TLS, port 465). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  const parsed = new URL(url);
  const loopback = isLoopback(parsed.hostname);
  const transport = nodemailer.createTransport({
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    // MailDev on this machine speaks plain SMTP; any other server must offer STARTTLS.
    ignoreTLS: loopback,
    requireTLS: !loopback && parsed.protocol !== 'smtps:',
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    pool: true,
    maxConnections: 3,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    describe: loopback ? `MailDev (${parsed.host})` : parsed.hostname,
    async send(mail: OutgoingMail): Promise<MailOutcome> {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
          // `cid` makes nodemailer put the picture in a multipart/related part with its Content-ID, inline.
          attachments: mail.attachments?.map(({ cid, filename, contentType, content }) => ({ cid, filename, contentType, content, contentDisposition: 'inline' as const })),
        });
        return { status: 'sent' };
      } catch (error) {
        const code = replyCode(error);
        const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
        return code !== null && code >= 500 && code < 600 ? { status: 'refused', reason } : { status: 'failed', reason };
      }
    },
    close() {
      transport.close();
    },
  };
}
