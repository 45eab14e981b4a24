// What the service worker makes of a push, and where a click on its notification leads, as plain
// functions: the worker itself cannot run under Vitest. The server sends a PushMessage
// (src/server/push/port.ts) as the Web Push payload itself, or as the `data` of an FCM data message
// (src/server/push/payload.ts); the fields read here are that type's.
import type { Locale } from '@/i18n/routing';
import type { PushMessage } from '@/server/push/port';

export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Monochrome: Android draws a badge from its alpha channel only. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
/** A push that cannot be read shows under this tag, so several of them leave one notification. */
export const FALLBACK_TAG = 'nordlicht';

/** What the notification shows: the message the server sent, its path made an absolute URL. */
export interface PushContent extends Omit<PushMessage, 'url'> {
  /** An absolute URL of this site. */
  url: string;
}

/** A payload's fields as read from the wire: the message's, each of any type until checked. */
type PayloadFields = { [Field in keyof PushMessage]?: unknown };

// In the worker, not in the message files: it has no next-intl, and the whole files would
// weigh on every push for two sentences.
const FALLBACK_TEXT: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Nordlicht', body: 'There is news for you. Open the app to read it.' },
  de: { title: 'Nordlicht', body: 'Es gibt Neuigkeiten für dich. Öffne die App, um sie zu lesen.' },
};

/**
 * The notification for a push's payload (its text, or null without one). A payload we cannot
 * read still gets a notification, in the device's language and leading home: subscriptions are
 * made with userVisibleOnly (the only kind browsers allow), so every push must show one. Chrome
 * otherwise shows its own "updated in the background" note and, if it keeps happening, may take
 * the site's push permission away.
 */
export function pushContent(text: string | null, origin: string, deviceLanguages: readonly string[]): PushContent {
  const fields = messageFields(parseJson(text));
  const lang = isLocale(fields?.lang) ? fields.lang : deviceLocale(deviceLanguages);
  const title = nonEmpty(fields?.title);
  if (!fields || !title) return { ...FALLBACK_TEXT[lang], url: homeUrl(lang, origin), tag: FALLBACK_TAG, lang };
  return {
    title,
    body: typeof fields.body === 'string' ? fields.body : '',
    url: sameSiteUrl(fields.url, origin) ?? homeUrl(lang, origin),
    tag: nonEmpty(fields.tag) ?? FALLBACK_TAG,
    lang,
  };
}

/** Web Push carries our fields as the payload; an FCM data message carries them under `data`. */
function messageFields(payload: unknown): PayloadFields | null {
  if (!isRecord(payload)) return null;
  if (isRecord(payload.data) && typeof payload.data.title === 'string') return payload.data;
  return payload;
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The absolute URL of a path of this site; null for anything else. A payload must never send
 * the device to another host: `//host`, `/\host` and absolute URLs are refused, and whatever the
 * URL parser makes of the rest must still be of this origin.
 */
export function sameSiteUrl(path: unknown, origin: string): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** Where a window of this site is: its open windows, as the worker sees them. */
export interface OpenWindow {
  url: string;
  focused: boolean;
  /** Controlled by this worker: only such a window can be navigated by it. */
  controlled: boolean;
}

export type ClickAction =
  | { kind: 'focus'; index: number }
  | { kind: 'navigate'; index: number; url: string }
  | { kind: 'open'; url: string };

/**
 * What a click on a notification does, given its data ({ url }) and the site's open windows in
 * the order the browser lists them (most recently focused first): focus a window already at the
 * URL; otherwise take one of the site's windows there; otherwise open a new one.
 */
export function clickAction(data: unknown, origin: string, windows: readonly OpenWindow[]): ClickAction {
  const url = sameSiteUrl(isRecord(data) ? data.url : null, origin) ?? `${origin}/`;
  const target = comparable(url);
  const preferFocused = (indexes: number[]) => indexes.find((index) => windows[index]!.focused) ?? indexes[0];
  const indexes = windows.map((_, index) => index);
  const there = preferFocused(indexes.filter((index) => comparable(windows[index]!.url) === target));
  if (there !== undefined) return { kind: 'focus', index: there };
  const ours = preferFocused(indexes.filter((index) => windows[index]!.controlled && sameOrigin(windows[index]!.url, origin)));
  if (ours !== undefined) return { kind: 'navigate', index: ours, url };
  return { kind: 'open', url };
}

/** A URL without its fragment and trailing slash: `/de/events/` and `/de/events#top` are one page. */
function comparable(href: string): string {
  try {
    const url = new URL(href);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    return `${url.origin}${path}${url.search}`;
  } catch {
    return href;
  }
}

function sameOrigin(href: string, origin: string): boolean {
  try {
    return new URL(href).origin === origin;
  } catch {
    return false;
  }
}

function homeUrl(lang: Locale, origin: string): string {
  return `${origin}${lang === 'de' ? '/de' : '/'}`;
}

/** The first of the device's languages that the site speaks; English otherwise. */
function deviceLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

// Not routing.ts's isLocale, which brings next-intl into the worker. FALLBACK_TEXT is typed by
// Locale, so a new language fails to compile until it has its texts, and is then known here.
function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(FALLBACK_TEXT, value);
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
