// What a mail says, in the recipient's language: a subject, a heading, paragraphs, at most one
// button (its link also written out in the text part), and the venue's footer with why the person
// gets it. Every mail has the same shape, so its words live in the Mail messages of both languages
// (`Mail.<kind>.subject`, `heading`, `body`, `action`, `after`, `why`) and a mail kind is added with its
// words alone. The HTML part is one narrow column with inline styles that mail programs keep, light
// or dark as the reader's program is; the plain-text part carries the same words and links.
import 'server-only';
import { createTranslator } from 'use-intl/core';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { VENUE_TIME_ZONE, type Locale } from '@/i18n/routing';
import type { MailCategory, MailImage, MailKind, MailParams } from './outbox';

const MESSAGES = { en, de } as const;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  /** The site's origin: every link in a mail is absolute to it. */
  siteUrl: string;
  /** An announcement's one-click unsubscribe page, where it has one. */
  unsubscribeUrl?: string | null;
  /** The year in the footer's copyright. */
  now: Date;
  /** Pictures carried in the mail, shown after the body by their Content-ID (never a remote address). */
  images?: readonly Pick<MailImage, 'cid' | 'alt' | 'width' | 'height'>[];
}

/**
 * Message keys every kind has; `action` and `after` only where its Mail messages have them, and
 * `why` where the footer's reason is the kind's own (a guest's or a guest-list ticket goes to someone
 * who may have no account).
 */
type Part = 'subject' | 'heading' | 'body' | 'action' | 'after' | 'why';

/** A path of this site (`/vip`) made absolute, in the recipient's language; absolute links stay. */
export function absoluteLink(siteUrl: string, locale: Locale, link: string): string {
  if (/^https?:\/\//.test(link)) return link;
  const path = locale === 'en' ? link : link === '/' ? '/de' : `/de${link}`;
  return new URL(path, siteUrl).toString();
}

/** A day as a mail names it, in the recipient's language and the venue's time zone ("1 September 2027"). */
export function mailDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: VENUE_TIME_ZONE }).format(date);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The mail of `kind` in `locale`, with `params` named in its words; `params.link` is its button's target. */
export function renderMail(kind: MailKind, category: MailCategory, locale: Locale, params: MailParams, context: MailContext): RenderedMail {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Mail' });
  // Whether a part is there, not what type it is: the build precompiles a message that names values
  // into an array (next-intl's `precompile`), so only plain texts stay strings.
  const words = MESSAGES[locale].Mail as unknown as Record<string, Record<string, unknown> | undefined>;
  const has = (part: Part) => words[kind]?.[part] !== undefined;
  // Counts are stored as text; a plural needs the number.
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, /^\d{1,9}$/.test(value) ? Number(value) : value]));
  const say = (part: Part) => (has(part) ? (t as unknown as (key: string, values: Record<string, string | number>) => string)(`${kind}.${part}`, values) : null);
  const subject = say('subject')!;
  const heading = say('heading')!;
  const body = say('body')!.split('\n\n');
  const after = say('after')?.split('\n\n') ?? [];
  const link = params.link ? absoluteLink(context.siteUrl, locale, params.link) : null;
  const action = link ? say('action') : null;
  const venue = `${t('venue')} · ${MESSAGES[locale].Footer.address}`;
  const why = say('why') ?? (category === 'announcement' ? t('whyAnnouncement') : t('whyService'));
  const unsubscribe = context.unsubscribeUrl ? t('unsubscribe') : null;
  const images = context.images ?? [];

  const text = [
    heading,
    '',
    ...body.flatMap((paragraph) => [paragraph, '']),
    // The plain-text part has no picture: its words stand in.
    ...images.flatMap((image) => [image.alt, '']),
    ...(action && link ? [`${action}: ${link}`, ''] : []),
    ...after.flatMap((paragraph) => [paragraph, '']),
    '-- ',
    venue,
    why,
    ...(unsubscribe && context.unsubscribeUrl ? [`${unsubscribe}: ${context.unsubscribeUrl}`] : []),
  ].join('\n');

  const paragraph = (words: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(words).replace(/\n/g, '<br>')}</p>`;
  // As wide as the column at most, never wider than drawn; a light picture on its own white ground,
  // so it reads the same in a dark mail program.
  const picture = (image: (typeof images)[number]) =>
    `<p style="margin:8px 0 24px"><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" style="display:block;width:100%;max-width:${image.width}px;height:auto;border:1px solid #dddddd;border-radius:4px;background:#ffffff"></p>`;
  const button =
    action && link
      ? `<p style="margin:24px 0"><a class="button" href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#ffefc1;color:#1a1a1a;font-weight:bold;text-decoration:none">${escapeHtml(action)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#555555;overflow-wrap:anywhere;word-break:break-all" class="muted">${escapeHtml(link)}</p>`
      : '';
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(subject)}</title>
<style>
  @media (prefers-color-scheme: dark) {
    body, .page { background: #121212 !important; color: #f2f2f2 !important; }
    .muted { color: #b8b8b8 !important; }
    a { color: #ffefc1 !important; }
    a.button { color: #1a1a1a !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:#ffffff;color:#1a1a1a;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div class="page" style="max-width:560px;margin:0 auto;padding:24px 20px">
<p style="margin:0 0 24px;font-size:14px;letter-spacing:0.08em;text-transform:uppercase" class="muted">${escapeHtml(t('venue'))}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${body.map(paragraph).join('\n')}
${images.map(picture).join('\n')}
${button}
${after.map(paragraph).join('\n')}
<hr style="border:none;border-top:1px solid #cccccc;margin:32px 0 16px">
<p style="margin:0 0 8px;font-size:13px;line-height:1.5" class="muted">${escapeHtml(venue)}</p>
<p style="margin:0 0 8px;font-size:13px;line-height:1.5" class="muted">${escapeHtml(why)}</p>
${unsubscribe && context.unsubscribeUrl ? `<p style="margin:0;font-size:13px;line-height:1.5"><a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(unsubscribe)}</a></p>` : ''}
</div>
</body>
</html>
`;
  return { subject, text, html };
}
