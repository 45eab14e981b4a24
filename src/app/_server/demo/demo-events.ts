// The demo programme: past and upcoming nights with covers, one cancelled, one draft, and the
// pictures of the home page's gallery and the members' lounge. Dates are set relative to the
// first start, so a fresh checkout always has something coming up. Idempotent, like the rest.
import 'server-only';
import type { Documents } from '@/server/documents/port';
import type { Files } from '@/server/files/port';
import type { ImageProbe } from '@/server/images/probe';
import { serverTimestamp } from '@/server/documents/port';
import { Images, type ImageTag } from '@/features/images/images';
import { importImage } from '@/features/images/image-library';
import { EventSlugs, Events, HOME_VENUE, type EventStatus, type LocalizedText } from '@/features/events/events';
import { eventSearchTerms } from '@/features/events/event-admin';
import { createEventWithMirror } from '@/features/events/public-events';
import { dateToWallTime, wallTimeToDate } from '@/features/events/venue-time';
import { drawDemoPicture } from './demo-images';

interface DemoImage {
  id: string;
  tags: ImageTag[];
  alt: LocalizedText;
  palette: string[];
  seed: number;
  width?: number;
  height?: number;
}

interface DemoEvent {
  id: string;
  slug: string;
  /** Days from the first start; the night starts at 21:00 at the venue. */
  inDays: number;
  /**
   * Running at the first start instead (it began at the top of the hour and lasts eight): the
   * door is open, so a fresh demo can scan the demo member's pass straight away.
   */
  runningAtStart?: boolean;
  status: EventStatus;
  title: LocalizedText;
  summary: LocalizedText;
  description: LocalizedText;
  cover: string | null;
  capacity: number;
  drinks: number;
  /** The VIP bar's drinks that night, one per line. */
  barMenu?: LocalizedText;
}

const IMAGES: DemoImage[] = [
  { id: 'demo-cover-harbour', tags: ['cover'], alt: { en: 'Warm stage lights over a quiet crowd', de: 'Warmes Bühnenlicht über einem ruhigen Publikum' }, palette: ['#ffb347', '#ff7a59', '#ffd98a'], seed: 11 },
  { id: 'demo-cover-techno', tags: ['cover'], alt: { en: 'Blue and violet beams over the dance floor', de: 'Blaue und violette Lichtstrahlen über der Tanzfläche' }, palette: ['#3fd3ff', '#7b6cff', '#2d5bff'], seed: 23 },
  { id: 'demo-cover-indie', tags: ['cover', 'gallery'], alt: { en: 'Pink and amber light on the stage', de: 'Pinkes und bernsteinfarbenes Licht auf der Bühne' }, palette: ['#ff5e8a', '#ffb347', '#7b6cff'], seed: 37 },
  { id: 'demo-cover-ball', tags: ['cover'], alt: { en: 'Silver and gold light for the winter ball', de: 'Silbernes und goldenes Licht zum Winterball' }, palette: ['#e8e4ff', '#ffd98a', '#9fb8ff'], seed: 41 },
  { id: 'demo-cover-newyear', tags: ['cover'], alt: { en: 'Bright colours at midnight', de: 'Leuchtende Farben um Mitternacht' }, palette: ['#ff5e8a', '#3fd3ff', '#ffd98a'], seed: 53 },
  { id: 'demo-cover-poetry', tags: ['cover'], alt: { en: 'A single warm spotlight', de: 'Ein einzelner warmer Scheinwerfer' }, palette: ['#ffb347', '#6b4b2a'], seed: 61 },
  { id: 'demo-cover-summer', tags: ['cover', 'gallery'], alt: { en: 'Orange evening light at the summer closing', de: 'Oranges Abendlicht beim Sommerabschluss' }, palette: ['#ff9f43', '#ff5e57', '#ffd98a'], seed: 71 },
  { id: 'demo-cover-salsa', tags: ['cover', 'gallery'], alt: { en: 'Red and gold light at the salsa night', de: 'Rotes und goldenes Licht beim Salsaabend' }, palette: ['#ff4d4d', '#ffb347'], seed: 83 },
  { id: 'demo-gallery-bar', tags: ['gallery'], alt: { en: 'The bar glowing green late at night', de: 'Die Bar leuchtet spät nachts grün' }, palette: ['#5dffb0', '#3fd3ff'], seed: 97, width: 1200, height: 900 },
  { id: 'demo-gallery-crowd', tags: ['gallery'], alt: { en: 'Hands up in violet light', de: 'Hände hoch im violetten Licht' }, palette: ['#b36bff', '#ff5e8a'], seed: 101, width: 1200, height: 900 },
  { id: 'demo-gallery-terrace', tags: ['gallery'], alt: { en: 'Golden hour on the terrace', de: 'Goldene Stunde auf der Terrasse' }, palette: ['#ffd98a', '#ff9f43'], seed: 131, width: 1200, height: 900 },
  { id: 'demo-gallery-band', tags: ['gallery'], alt: { en: 'The band in blue light', de: 'Die Band in blauem Licht' }, palette: ['#2d5bff', '#9fb8ff', '#e8e4ff'], seed: 139, width: 1200, height: 900 },
  { id: 'demo-gallery-dj', tags: ['gallery'], alt: { en: 'The DJ booth in magenta', de: 'Das DJ-Pult in Magenta' }, palette: ['#ff4dd2', '#7b6cff'], seed: 149, width: 1200, height: 900 },
  { id: 'demo-lounge-sofas', tags: ['lounge'], alt: { en: 'The lounge upstairs in soft amber light', de: 'Die Lounge oben in sanftem Bernsteinlicht' }, palette: ['#ffb347', '#8a5a2b'], seed: 113, width: 1200, height: 900 },
  { id: 'demo-lounge-view', tags: ['lounge'], alt: { en: 'Evening blue over the water from the lounge', de: 'Abendblau über dem Wasser, von der Lounge aus' }, palette: ['#2d5bff', '#3fd3ff'], seed: 127, width: 1200, height: 900 },
  { id: 'demo-lounge-bar', tags: ['lounge'], alt: { en: 'The members\' bar with its brass lamps lit', de: 'Die Mitgliederbar mit leuchtenden Messinglampen' }, palette: ['#ffd98a', '#b36bff'], seed: 139, width: 1200, height: 900 },
  { id: 'demo-lounge-dj', tags: ['lounge'], alt: { en: 'A quiet DJ set in the lounge after midnight', de: 'Ein ruhiges DJ-Set in der Lounge nach Mitternacht' }, palette: ['#3fd3ff', '#ff5e8a'], seed: 149, width: 1200, height: 900 },
  { id: 'demo-lounge-toast', tags: ['lounge'], alt: { en: 'Glasses raised at the season opening', de: 'Erhobene Gläser zur Saisoneröffnung' }, palette: ['#ffefc1', '#ff9f43'], seed: 157, width: 1200, height: 900 },
  { id: 'demo-lounge-window', tags: ['lounge'], alt: { en: 'Green northern light through the lounge window', de: 'Grünes Nordlicht durch das Loungefenster' }, palette: ['#5dffb0', '#2d5bff'], seed: 163, width: 1200, height: 900 },
];

const EVENTS: DemoEvent[] = [
  {
    id: 'demo-event-open-house',
    slug: 'members-open-house',
    inDays: 0,
    runningAtStart: true,
    status: 'published',
    title: { en: "Members' Open House", de: 'Offenes Haus für Mitglieder' },
    summary: { en: 'The lounge and the bar are open all evening: come by, bring your pass.', de: 'Lounge und Bar sind den ganzen Abend offen: Komm vorbei und bring deinen Pass mit.' },
    description: {
      en: 'An easy evening for members: records in the lounge, the upstairs bar open, and **two VIP drinks** on your pass.',
      de: 'Ein entspannter Abend für Mitglieder: Platten in der Lounge, die Bar oben geöffnet und **zwei VIP-Getränke** auf deinen Pass.',
    },
    cover: 'demo-cover-poetry',
    capacity: 120,
    drinks: 2,
    barMenu: {
      en: 'Northern Light Spritz\nGin & tonic with juniper\nHouse lemonade (alcohol-free)\nRiesling, Mosel',
      de: 'Nordlicht-Spritz\nGin Tonic mit Wacholder\nHauslimonade (alkoholfrei)\nRiesling, Mosel',
    },
  },
  {
    id: 'demo-event-harbour-lights',
    slug: 'harbour-lights',
    inDays: 3,
    status: 'published',
    title: { en: 'Harbour Lights', de: 'Hafenlichter' },
    summary: { en: 'A jazz quartet, the lights of the harbour and a long night by the water.', de: 'Ein Jazzquartett, die Lichter des Hafens und eine lange Nacht am Wasser.' },
    description: {
      en: 'The **Kai Quartet** opens the season with standards and new pieces from their autumn record.\n\n## The evening\n- 20:00 doors, drinks on the terrace\n- 21:00 first set\n- 22:30 second set, then records until late\n\nMembers: your two VIP drinks are waiting at the upstairs bar.',
      de: 'Das **Kai Quartett** eröffnet die Saison mit Standards und neuen Stücken ihres Herbstalbums.\n\n## Der Abend\n- 20:00 Einlass, Getränke auf der Terrasse\n- 21:00 erstes Set\n- 22:30 zweites Set, danach Platten bis spät\n\nMitglieder: Eure zwei VIP-Getränke warten an der Bar oben.',
    },
    cover: 'demo-cover-harbour',
    capacity: 250,
    drinks: 2,
  },
  {
    id: 'demo-event-northern-techno',
    slug: 'northern-techno-night',
    inDays: 9,
    status: 'published',
    title: { en: 'Northern Techno Night', de: 'Nordische Techno-Nacht' },
    summary: { en: 'Three DJs from Hamburg, Copenhagen and Oslo, six hours, one room.', de: 'Drei DJs aus Hamburg, Kopenhagen und Oslo, sechs Stunden, ein Raum.' },
    description: {
      en: 'Deep, fast and cold as the Baltic in February. Bring your earplugs, leave your phone in your pocket: *the dance floor is a no-photo zone*.\n\nLine-up and times are posted on the night.',
      de: 'Tief, schnell und kalt wie die Ostsee im Februar. Bringt Ohrstöpsel mit und lasst das Handy in der Tasche: *Auf der Tanzfläche wird nicht fotografiert*.\n\nLine-up und Zeiten hängen am Abend aus.',
    },
    cover: 'demo-cover-techno',
    capacity: 400,
    drinks: 2,
  },
  {
    id: 'demo-event-poetry-beats',
    slug: 'poetry-and-beats',
    inDays: 12,
    status: 'cancelled',
    title: { en: 'Poetry & Beats', de: 'Poesie & Beats' },
    summary: { en: 'Spoken word over live beats. Cancelled: the artists are ill.', de: 'Spoken Word zu Live-Beats. Abgesagt: Die Künstler sind krank.' },
    description: {
      en: 'We are sorry: this evening is **cancelled** because two of the artists are ill. We are looking for a new date.',
      de: 'Es tut uns leid: Dieser Abend ist **abgesagt**, weil zwei der Künstler krank sind. Wir suchen einen neuen Termin.',
    },
    cover: 'demo-cover-poetry',
    capacity: 120,
    drinks: 1,
  },
  {
    id: 'demo-event-aurora-live',
    slug: 'aurora-live-indie-showcase',
    inDays: 16,
    status: 'published',
    title: { en: 'Aurora Live: Indie Showcase', de: 'Aurora live: Indie-Showcase' },
    summary: { en: 'Four young bands, twenty minutes each, and you vote for the one that comes back.', de: 'Vier junge Bands, je zwanzig Minuten, und ihr stimmt ab, wer wiederkommt.' },
    description: {
      en: 'Our showcase for new bands from the north. Each band plays twenty minutes; the audience votes at the bar for the one that gets a whole night in spring.\n\nMore about the bands on [our about page](https://nordlicht.example/about).',
      de: 'Unser Showcase für neue Bands aus dem Norden. Jede Band spielt zwanzig Minuten; das Publikum stimmt an der Bar ab, wer im Frühling einen ganzen Abend bekommt.\n\nMehr über die Bands auf [unserer Über-uns-Seite](https://nordlicht.example/de/about).',
    },
    cover: 'demo-cover-indie',
    capacity: 300,
    drinks: 2,
  },
  {
    id: 'demo-event-winter-ball',
    slug: 'winter-ball',
    inDays: 30,
    status: 'published',
    title: { en: 'Winter Ball', de: 'Winterball' },
    summary: { en: 'A big band, a dance floor of wood and a dress code that is up to you.', de: 'Eine Big Band, eine Tanzfläche aus Holz und ein Dresscode, der ganz bei euch liegt.' },
    description: {
      en: 'The **Nordlicht Big Band** plays swing, soul and a few surprises. Dance lessons for beginners at 20:00.',
      de: 'Die **Nordlicht Big Band** spielt Swing, Soul und ein paar Überraschungen. Tanzkurs für Anfänger um 20:00.',
    },
    cover: 'demo-cover-ball',
    capacity: 350,
    drinks: 3,
  },
  {
    id: 'demo-event-new-year',
    slug: 'new-years-eve',
    inDays: 45,
    status: 'draft',
    title: { en: "New Year's Eve at Nordlicht", de: 'Silvester im Nordlicht' },
    summary: { en: 'Line-up to be announced.', de: 'Das Line-up folgt.' },
    description: { en: 'Planning in progress.', de: 'In Planung.' },
    cover: 'demo-cover-newyear',
    capacity: 500,
    drinks: 3,
  },
  {
    id: 'demo-event-summer-closing',
    slug: 'summer-closing',
    inDays: -12,
    status: 'published',
    title: { en: 'Summer Closing', de: 'Sommerabschluss' },
    summary: { en: 'The last night on the terrace, with a brass band and fireworks over the water.', de: 'Die letzte Nacht auf der Terrasse, mit Blaskapelle und Feuerwerk über dem Wasser.' },
    description: { en: 'Thank you for a wonderful summer!', de: 'Danke für einen wunderbaren Sommer!' },
    cover: 'demo-cover-summer',
    capacity: 450,
    drinks: 2,
  },
  {
    id: 'demo-event-salsa-quay',
    slug: 'salsa-by-the-quay',
    inDays: -26,
    status: 'published',
    title: { en: 'Salsa by the Quay', de: 'Salsa am Kai' },
    summary: { en: 'Live salsa and a dance floor full until three.', de: 'Live-Salsa und eine volle Tanzfläche bis drei.' },
    description: { en: 'Orquesta del Norte played until the lights came on.', de: 'Die Orquesta del Norte spielte, bis das Licht anging.' },
    cover: 'demo-cover-salsa',
    capacity: 300,
    drinks: 2,
  },
];

const HOUR = 60 * 60 * 1000;

/** 21:00 at the venue on the day `days` after `now`'s day there. */
function nightOf(now: Date, days: number): Date {
  const day = dateToWallTime(new Date(now.getTime() + days * 24 * HOUR)).slice(0, 10);
  return wallTimeToDate(`${day}T21:00`)!;
}

function topOfHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR) * HOUR);
}

export interface DemoEventsReport {
  images: number;
  events: number;
}

export async function seedDemoEvents(ports: { documents: Documents; files: Files; probe: ImageProbe }, adminUid: string, now = new Date()): Promise<DemoEventsReport> {
  const report: DemoEventsReport = { images: 0, events: 0 };
  const missing = [];
  for (const image of IMAGES) if (!(await ports.documents.collection(Images).doc(image.id).get()).exists) missing.push(image);
  // Drawn side by side: each picture is a few hundred milliseconds of blurring.
  const drawn = await Promise.all(
    missing.map(async (image) => ({ image, bytes: await drawDemoPicture({ width: image.width ?? 1600, height: image.height ?? 900, palette: image.palette, seed: image.seed }) })),
  );
  for (const { image, bytes } of drawn) {
    await importImage(ports, adminUid, { id: image.id, fileName: `${image.id}.jpg`, bytes, alt: image.alt, tags: image.tags });
    report.images++;
  }
  for (const event of EVENTS) {
    const ref = ports.documents.collection(Events).doc(event.id);
    const wrote = await ports.documents.runTransaction(async (tx) => {
      if ((await tx.get(ref)).exists) return false;
      const cover = event.cover ? (await tx.get(ports.documents.collection(Images).doc(event.cover))).data : undefined;
      const startsAt = event.runningAtStart ? topOfHour(now) : nightOf(now, event.inDays);
      tx.set(ports.documents.collection(EventSlugs).doc(event.slug), { eventId: event.id });
      // Written like every other event: with its public mirror, in the same transaction.
      createEventWithMirror(tx, ports.documents, event.id, {
        slug: event.slug,
        previousSlugs: [],
        status: event.status,
        title: event.title,
        summary: event.summary,
        description: event.description,
        startsAt,
        doorsAt: new Date(startsAt.getTime() - HOUR),
        endsAt: new Date(startsAt.getTime() + (event.runningAtStart ? 8 : 6) * HOUR),
        venue: HOME_VENUE,
        cover: cover && event.cover ? { imageId: event.cover, width: cover.width, height: cover.height, alt: cover.alt } : null,
        capacity: event.capacity,
        drinkAllowance: event.drinks,
        barMenu: event.barMenu ?? { en: '', de: '' },
        guestsPerMember: 1,
        guestDrinks: 0,
        publicTickets: 0,
        searchTerms: eventSearchTerms({ title: event.title, slug: event.slug, venue: HOME_VENUE }),
        publishedAt: event.status === 'draft' ? null : new Date(now.getTime() - 30 * 24 * HOUR),
        cancelledAt: event.status === 'cancelled' ? now : null,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        updatedBy: adminUid,
      });
      return true;
    });
    if (wrote) report.events++;
  }
  return report;
}
