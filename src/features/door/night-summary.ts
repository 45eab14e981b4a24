// The morning after (decision 052): at 10:00 at the venue, each admin who asked for it gets one
// mail per event whose door closed since the previous 10:00 and that scanned anyone: admitted,
// most inside at once, guests, refusals by reason, conflicts, capacity overrides and bans applied,
// with the arrivals per 15 minutes as a picture carried in the mail and a link to the event's
// door figures. Privacy: figures only. The mail names no member and no guest (door names are the
// staff's labels for a door), so it may sit in an admin's inbox without the door's records.
import 'server-only';
import { createTranslator } from 'use-intl/core';
import type { Documents } from '@/server/documents/port';
import { mailIsOn } from '@/server/mail/mail';
import en from '@/i18n/messages/en.json';
import de from '@/i18n/messages/de.json';
import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing';
import { Users } from '@/features/identity/users';
import { Mail, enqueueMailOnce, type MailImage } from '@/features/mail/outbox';
import { mailSettingsOf } from '@/features/mail/preferences';
import { drawBarChart } from '@/features/mail/bar-chart';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { Events, type EventDocument } from '@/features/events/events';
import { Scans } from './door-records';
import { nightFigures, NIGHT_STEP_MINUTES, type NightFigures } from './night';

/** The hour at the venue the summaries go out. */
export const SUMMARY_HOUR = 10;
/** A night whose door closed longer ago than this is not summarised any more (a server down for a day sends nothing stale). */
export const SUMMARY_MAX_AGE_MS = 36 * 60 * 60 * 1000;

const MESSAGES = { en, de } as const;
/** The words for bar-chart.ts's SERIES_COLOURS, in their order. */
const COLOUR_NAMES = ['blue', 'orange', 'green', 'purple', 'red', 'teal'] as const;

/** The mail's id: one per event and admin, ever, so two servers, a restart or the next round queue it once. */
export function nightSummaryMailId(eventId: string, uid: string): string {
  return `night-summary-${eventId}-${uid}`;
}

/** Where an admin reads the event's door figures: the admins' event editor, which shows them. */
export function doorFiguresPath(eventId: string): string {
  return `/admin/events?edit=${encodeURIComponent(eventId)}`;
}

/** 10:00 at the venue on the day `now` is in, and on the day before (found by the wall clock: a day of a clock change is 23 or 25 hours). */
function summaryMornings(now: Date): { today: Date; yesterday: Date } {
  const day = dateToWallTime(now).slice(0, 10);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
  const at = (wallDay: string) => wallTimeToDate(`${wallDay}T${String(SUMMARY_HOUR).padStart(2, '0')}:00`)!;
  return { today: at(day), yesterday: at(before) };
}

/**
 * Queues the summaries due at `now`: from 10:00 at the venue, for the events whose door closed
 * after the previous day's 10:00 and by today's (and within SUMMARY_MAX_AGE_MS), to every enabled
 * admin who chose it. Every round of the day finds the same events, so a server that was down at
 * 10:00 sends them later the same day; the mails' ids make each go once. Returns how many it queued.
 */
export async function queueNightSummaries(documents: Documents, now: Date): Promise<number> {
  if (!mailIsOn()) return 0;
  const { today, yesterday } = summaryMornings(now);
  if (now.getTime() < today.getTime()) return 0;
  const from = new Date(Math.max(yesterday.getTime(), now.getTime() - SUMMARY_MAX_AGE_MS));
  const events = await documents.collection(Events).where('endsAt', '>', from).where('endsAt', '<=', today).get();
  if (events.length === 0) return 0;
  // Checked now, not when chosen: an admin who is one no longer, or disabled, gets none.
  const admins = (await documents.collection(Users).where('role', '==', 'admin').get()).filter(({ data: user }) => !user.disabled && user.email && mailSettingsOf(user).nightSummary);
  if (admins.length === 0) return 0;
  let queued = 0;
  for (const { id: eventId, data: event } of events) {
    const waiting = [];
    for (const admin of admins) {
      if (!(await documents.collection(Mail).doc(nightSummaryMailId(eventId, admin.id)).get()).exists) waiting.push(admin);
    }
    // The figures are read only for a night someone still waits for, and not for a night nobody scanned at.
    if (waiting.length === 0 || (await documents.collection(Scans).where('eventId', '==', eventId).count()) === 0) continue;
    const figures = await nightFigures(documents, { eventId }, now);
    const image = chartImage(figures);
    for (const { id: uid, data: user } of waiting) {
      const locale = user.locale ?? DEFAULT_LOCALE;
      const { params, alt } = summaryWords(figures, event, locale);
      const request = { kind: 'nightSummary' as const, to: user.email!, uid, locale, params, images: [{ ...image, alt }] };
      if (await enqueueMailOnce(documents, request, nightSummaryMailId(eventId, uid), now)) queued += 1;
    }
  }
  return queued;
}

/** The arrivals chart, the same picture in every language (it has digits, no words). */
function chartImage(figures: NightFigures): Omit<MailImage, 'alt'> {
  // An hour's mark under the bars at each full hour, fewer on a long night so the numbers never touch.
  const hours = figures.steps.map((step, index) => ({ index, wall: dateToWallTime(step) })).filter(({ wall }) => wall.endsWith(':00'));
  const every = Math.max(1, Math.ceil((hours.length * 48) / 500));
  const labels = hours.filter((_, position) => position % every === 0).map(({ index, wall }) => ({ index, text: wall.slice(11, 16) }));
  const chart = drawBarChart({ series: figures.arrivals.map(({ people }) => ({ values: people })), labels });
  return { cid: `arrivals-${figures.eventId}@night-summary`.replace(/[^\w.@-]/g, '-'), filename: 'arrivals.png', contentType: 'image/png', content: chart.png.toString('base64'), width: chart.width, height: chart.height };
}

/** What the mail names, in the admin's language: the figures, refusals in the scanner's words, the chart in words. */
function summaryWords(figures: NightFigures, event: Pick<EventDocument, 'title'>, locale: Locale): { params: Record<string, string>; alt: string } {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Mail.nightSummary' });
  const verdicts = MESSAGES[locale].Scanner.verdicts;
  const time = (at: Date) => dateToWallTime(at).slice(11, 16);
  const list = (items: string[]) => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
  const refusals = figures.refused.map(({ verdict, count }) => t('refusal', { count, verdict: verdicts[verdict] }));
  const doors = figures.arrivals.map(({ door, people }, index) => {
    const colour = t(`colours.${COLOUR_NAMES[index % COLOUR_NAMES.length]!}`);
    return t('doorArrivals', { door, people: people.reduce((sum, one) => sum + one, 0), colour: index % 2 === 1 ? t('striped', { colour }) : colour });
  });
  const totals = figures.steps.map((_, index) => figures.arrivals.reduce((sum, { people }) => sum + (people[index] ?? 0), 0));
  const most = Math.max(0, ...totals);
  const first = figures.steps[0];
  const last = figures.steps.at(-1);
  const span = first && last ? { from: time(first), until: time(new Date(last.getTime() + NIGHT_STEP_MINUTES * 60_000)) } : { from: '–', until: '–' };
  const alt = most > 0 ? t('chartAlt', { ...span, doors: list(doors), busiest: time(figures.steps[totals.indexOf(most)]!), most }) : t('chartAltEmpty', span);
  const params = {
    event: event.title[locale],
    admitted: String(figures.admitted),
    guests: String(figures.guestsAdmitted),
    peak: String(figures.peakInside),
    peakAt: figures.peakAt && figures.peakInside > 0 ? t('peakAt', { time: time(figures.peakAt) }) : t('noPeak'),
    refusals: refusals.length > 0 ? list(refusals) : t('noRefusals'),
    conflicts: String(figures.conflicts),
    overrides: String(figures.overrides),
    bans: String(figures.bansApplied),
    doors: doors.length > 0 ? list(doors) : t('noRefusals'),
    link: doorFiguresPath(figures.eventId),
  };
  return { params, alt };
}
