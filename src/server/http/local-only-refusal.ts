// The answer to a request the embedded backend refuses because it came by a non-loopback name
// (./exposure.ts): a short page in the visitor's language, or JSON for the API. Plain HTML with
// no scripts or styles, so it needs nothing else from the server it refuses.
import { NextResponse, type NextRequest } from 'next/server';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/routing';

const TEXTS: Record<Locale, typeof en.Exposure> = { en: en.Exposure, de: de.Exposure };

/** The language of the path (/de/...), else the first known one the browser asks for. */
function refusalLocale(request: NextRequest): Locale {
  const prefix = request.nextUrl.pathname.split('/')[1];
  if (isLocale(prefix)) return prefix;
  const asked = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { language: tag.split('-')[0]!.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return asked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function localOnlyRefusal(request: NextRequest): NextResponse {
  const locale = refusalLocale(request);
  const text = TEXTS[locale];
  const headers = { 'cache-control': 'no-store', 'content-language': locale, vary: 'accept-language' };
  if (request.nextUrl.pathname.startsWith('/api/')) {
    return NextResponse.json({ error: 'local-only', message: `${text.refusedTitle}. ${text.refusedBody}` }, { status: 403, headers });
  }
  const page = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(text.refusedTitle)}</title></head>
<body><main><h1>${escape(text.refusedTitle)}</h1><p>${escape(text.refusedBody)}</p><p>${escape(text.refusedHint)}</p></main></body></html>
`;
  return new NextResponse(page, { status: 403, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
