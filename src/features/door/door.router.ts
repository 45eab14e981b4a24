// The pass and the door. Thin: access, input, one domain call. A member gets their own pass and
// registers the phone that shows it; the door (scanner and admin) scans, admits by hand and
// watches the night.
import 'server-only';
import { roleProcedure, router } from '@/server/trpc/init';
import { liveStream } from '@/server/live/live-stream';
import { limitRate } from '@/server/http/rate-limit';
import { MEMBER_AREA } from '@/navigation/routes';
import type { Context } from '@/server/trpc/context';
import type { Identity } from '@/access/identity';
import { passForPhone, registerPassKey, rotatePass, type DoorPorts } from './passes';
import { AdmitAnywayInput, CountsOfInput, DoorEventInput, DoorListInput, DoorSearchInput, ManualAdmitInput, PersonInput, RegisterPassKeyInput, ScanInput, UploadInput } from './door.inputs';
import { doorListPage } from './door-list';
import { getPassKeys } from './pass-keys';
import { getTicketKeys } from './ticket-keys';
import { admitAnyway, admitManually, recordUploads, scanCode } from './scanning';
import { countsOf, doorActivity, doorEvents, personAtTheDoor } from './door-figures';
import { doorActivityFeed, memberNightFeed } from './door-feeds';
import { searchAtDoor } from './door-search';
import { nightFigures } from './night';

const members = roleProcedure(...MEMBER_AREA);

/** A door phone as the server knows it: the account and its sign-in on that phone. */
function doorDevice(identity: Identity): string {
  return `${identity.uid}:${identity.session ?? 'no-session'}`;
}
/** The pass keys are made only for the procedures that use them. */
function doorPorts(ctx: Pick<Context, 'documents'>): DoorPorts {
  return { documents: ctx.documents, keys: getPassKeys(), tickets: getTicketKeys() };
}
const door = roleProcedure('admin', 'scanner');
const admin = roleProcedure('admin');

export const passRouter = router({
  /** The caller's pass: its id, key version and registered public key (no secret), and the server's time. */
  mine: members.query(({ ctx }) => passForPhone(doorPorts(ctx), ctx.identity)),
  /** This phone shows the pass from now on (its first visit, "Show my pass on this phone", "My phone was lost"). */
  register: members.input(RegisterPassKeyInput).mutation(async ({ ctx, input }) => {
    await limitRate('passKeys', ctx.identity.uid);
    return registerPassKey(doorPorts(ctx), ctx.identity, input);
  }),
  /** The caller's night as it changes: admission ("Checked in at 22:14") and drinks left. */
  night: members.subscription(({ ctx, signal }) => liveStream({ ...memberNightFeed(ctx.documents, ctx.identity), signal })),
});

export const doorRouter = router({
  events: door.query(({ ctx }) => doorEvents(ctx.documents)),
  scan: door.input(ScanInput).mutation(async ({ ctx, input }) => {
    // Per phone the server knows (its sign-in), not per door name: a name is the client's to choose.
    await limitRate('doorScans', doorDevice(ctx.identity));
    return scanCode(doorPorts(ctx), ctx.identity, input);
  }),
  /** The event's door list, to decide without signal (decision 043): a page of it, or what changed since (decision 053). */
  list: door.input(DoorListInput).query(async ({ ctx, input }) => {
    // Each page and each round of changes counts: a list of 20,000 members is about 45 requests.
    await limitRate('doorLists', doorDevice(ctx.identity));
    return doorListPage(doorPorts(ctx), input);
  }),
  /** Scans this door decided without signal, oldest first: each recorded once, as decided. */
  upload: door.input(UploadInput).mutation(async ({ ctx, input }) => {
    await limitRate('doorUploads', doorDevice(ctx.identity));
    return recordUploads(doorPorts(ctx), ctx.identity, input);
  }),
  admit: door.input(ManualAdmitInput).mutation(async ({ ctx, input }) => {
    // As search is: admitting by name must not become a way to walk the member list.
    await limitRate('doorAdmits', doorDevice(ctx.identity));
    return admitManually(doorPorts(ctx), ctx.identity, input);
  }),
  /** "Admit anyway" after a "Full", with the door's reason (recorded for the admins). */
  admitAnyway: door.input(AdmitAnywayInput).mutation(async ({ ctx, input }) => {
    await limitRate('doorAdmits', doorDevice(ctx.identity));
    return admitAnyway(doorPorts(ctx), ctx.identity, input);
  }),
  search: door.input(DoorSearchInput).query(async ({ ctx, input }) => {
    await limitRate('doorSearches', doorDevice(ctx.identity));
    return searchAtDoor(ctx.documents, input);
  }),
  /** The event's figures and latest scans as they change (one read per change for all doors). */
  activity: door.input(DoorEventInput).subscription(({ ctx, input, signal }) => liveStream({ ...doorActivityFeed(ctx.documents, input), signal })),
  /** A person's admissions and scans (their page in the admin area). */
  ofPerson: admin.input(PersonInput).query(({ ctx, input }) => personAtTheDoor(ctx.documents, input)),
  /** An event's figures once (the event editor; the scanner and /admin follow them live). */
  figures: admin.input(DoorEventInput).query(({ ctx, input }) => doorActivity(ctx.documents, input)),
  /** Admissions and drinks of a page of events (the admins' event list). */
  countsOf: admin.input(CountsOfInput).query(({ ctx, input }) => countsOf(ctx.documents, input)),
  /** An admin rotates someone's pass (from their user page). */
  rotatePass: admin.input(PersonInput).mutation(({ ctx, input }) => rotatePass(doorPorts(ctx), ctx.identity, input)),
  /** The night drawn: arrivals per door, inside over time, refusals (/admin and the event editor refetch it as door.activity changes). */
  night: admin.input(DoorEventInput).query(({ ctx, input }) => nightFigures(ctx.documents, input, new Date())),
});
