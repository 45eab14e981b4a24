// The door's live reads, as the server serves them (src/features/live/feeds.ts), and how each
// follows other servers' writes (./door-feeds.ts holds their listeners).
import 'server-only';
import type { LiveFeed } from '@/features/live/feeds';
import { MEMBER_AREA } from '@/navigation/routes';

export const DOOR_LIVE_FEEDS: readonly LiveFeed[] = [
  {
    procedure: 'pass.night',
    collection: 'checkins',
    access: MEMBER_AREA,
    via: 'server',
    otherServers: {
      follows: {
        scans: { reveals: ['checkins', 'drinks'], why: 'every admission or drink of the member is logged, in its commit, as a scan naming them (the newest by the time the store recorded it, so an offline upload counts too)' },
      },
      notFollowed: {
        events: "an edit of tonight's event (its times, the drinks it allows) made on another server shows on the pass with the member's next admission or drink, or when the stream opens again: a listener on the programme for every open pass would cost more than such a rare edit",
      },
    },
  },
  {
    procedure: 'door.activity',
    collection: 'scans',
    access: ['admin', 'scanner'],
    via: 'server',
    otherServers: {
      follows: {
        scans: {
          reveals: ['scans', 'checkins', 'exits', 'reentries', 'drinks', 'capacityOverrides'],
          why: 'every admission, exit, re-entry, drink and "Admit anyway" is logged, in its commit, as a scan of the event; the newest by the time the store recorded it, so an offline upload (logged at the time the door decided) counts too',
        },
        doorConflicts: { reveals: ['doorConflicts'], why: 'an upload the server had already decided otherwise only flags it, with no scan' },
        events: { reveals: ['events'], why: "the event's own document: its capacity, edited by an admin" },
      },
      notFollowed: {
        users: "the names of flagged members: a rename shows with the door's next change",
        tickets: "the names of flagged guests: as members' names",
      },
    },
  },
];
