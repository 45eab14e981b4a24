// A door phone's link with the server (decision 043). Each scan is asked of the server first; when
// no answer comes within 3 s, or the phone is offline, the same scan (same nonce) is decided here
// from the event's door list, queued on disk before its verdict shows, and uploaded as soon as the
// server answers again (every 10 s while scans wait), by the account that decided them: another
// person's scans on this phone wait for that person to sign in here again. A scan the server refuses
// for good is set aside, never in the way of the scans behind it. The list is fetched whole, page by
// page, the first time (decision 053), and then only what changed since: when the door opens, every
// 60 s while online, and after each upload; when the server says to start over, whole again. One
// per scanner page; `subscribe` and `getSnapshot` feed React's useSyncExternalStore.
import { TRPCClientError } from '@trpc/client';
import type { TrpcClient } from '@/trpc/browser-client';
import { ownPhoto } from '@/ui/shell/own-photo';
import type { ScanInput, ManualAdmitInput } from '../door.inputs';
import type { DoorList, DoorListAnswer } from '../door-list';
import { emptyDoorList, mergeDoorList } from '../door-list-merge';
import type { DoorSearchHit } from '../door-search';
import { maskedAddress, nameMatches } from '../door-names';
import { parsePassCode } from '../pass-code';
import type { ScanResult } from '../scanning';
import type { ScanMode, ScanSource } from '../constants';
import { decideOffline, passageAfter, passageOf, type Approximate, type LocalPassage, type Undecidable } from './offline-verdict';
import { parseTicketCode, ticketDoorKey, ticketIdOfKey } from '../ticket-code';
import {
  dismissSetAside,
  enqueue,
  forgetEndedLists,
  keptPhotos,
  loadList,
  loadPassages,
  loadPhoto,
  notePassage,
  QUEUE_VERSION,
  queuedScans,
  requeueSetAside,
  saveList,
  savePhoto,
  setAsideScans,
  STORED_LIST_VERSION,
  settleQueued,
  type Decider,
  type QueuedDecision,
  type QueuedScan,
  type SetAsideReason,
  type StoredList,
} from './door-store';

/** How long a scan waits for the server before the door decides it. */
export const ANSWER_WITHIN_MS = 3000;
/** How often the list is fetched again while online. */
export const LIST_EVERY_MS = 60_000;
/** How often waiting scans are uploaded (and the server asked whether it is back) while offline. */
export const RETRY_EVERY_MS = 10_000;
/** A phone clock that moved this far against the page's monotonic clock since the list was fetched can no longer be corrected. */
const CLOCK_JUMP_MS = 60_000;
/** Pages one full list may take (20,000 members are about 45): a server that never ends its list is not followed for ever. */
const LIST_PAGES_MAX = 400;
/** Scans uploaded per request (the server's maximum). */
export const UPLOAD_BATCH = 50;
const REQUEST_TIMEOUT_MS = 10_000;
/**
 * The server's answers that refuse what an upload holds, for good: asked again, it answers the
 * same. Anything else (silence, 5xx, 429, 401 and 403: the wrong person, or none) is asked again later.
 */
const REFUSED_FOR_GOOD: ReadonlySet<number> = new Set([400, 413, 422]);

/** Scans on this phone that wait for another account to sign in here. */
export interface WaitingFor {
  uid: string;
  /** The name that account had when it decided them; null if this phone never knew it. */
  name: string | null;
  count: number;
}

/** A scan the server refused for good, as the door shows it until someone has read it. */
export interface SetAsideEntry {
  nonce: string;
  decision: QueuedDecision;
  by: Decider | null;
  reason: SetAsideReason;
  /** The member's name, when this door's list knows them. */
  member: string | null;
}

export interface DoorSyncState {
  /** Whether the server answered the last request. */
  online: boolean;
  /** When the server last failed to answer, while it still does not. */
  offlineSince: Date | null;
  /**
   * Scans decided here that the server has not recorded yet and that the account signed in uploads
   * (on this phone, every event): its own, and any queued before scans recorded their account;
   * every scan while the page does not know who is signed in.
   */
  waiting: number;
  /** Scans waiting for another account to sign in on this phone, by account. */
  waitingForOthers: WaitingFor[];
  /** Scans the server refused for good, the latest first, until someone at the door removes them. */
  setAside: SetAsideEntry[];
  /** When the list this door holds was made (server time), if it holds one. */
  listAt: Date | null;
  /** A whole list on its way, page by page: the members' accounts read so far, of about how many. */
  listProgress: { members: number; of: number } | null;
}

/** A verdict as the door shows it: the server's, or decided here. */
export type DoorVerdict = Omit<ScanResult, 'counts'> & {
  counts: ScanResult['counts'] | null;
  decidedOffline: boolean;
  photo: string | null;
  /** Decided here: the people inside as this phone counts them, and the capacity (approximate: other doors' entries since the list are not in it). */
  inside?: Approximate;
};

/** A "Full" to admit anyway: the scan that was full (its nonce, what was scanned, when) and the door's reason. */
export interface AdmitAnyway {
  eventId: string;
  fullNonce: string;
  device: string;
  reason: string;
  /** The scan as it was made: a "Full" decided here is admitted anyway here too (the server has not seen it yet). */
  full: { code?: string; uid?: string; source: ScanSource; at: Date; decidedOffline: boolean };
}

/** Why a scan was not decided: the phone cannot (Undecidable), the server did not answer, or the phone does not know who is scanning. */
export type NotDecided = Undecidable | 'noAnswer' | 'noAccount';

export type DoorAnswer = { kind: 'verdict'; verdict: DoorVerdict } | { kind: 'undecided'; reason: NotDecided } | { kind: 'error'; error: unknown };

type Listener = () => void;

/**
 * The server's answer within `ms`, else a rejection: the request is aborted too, but the answer is
 * not waited for even where an abort does not end it (a query batched with another, a connection
 * the network holds).
 */
async function answerWithin<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('No answer in time'));
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a failed request had an answer from the server (an error it decided), not silence. */
function answeredWithError(error: unknown): boolean {
  return error instanceof TRPCClientError && Boolean(error.data);
}

function refusedForGood(error: unknown): boolean {
  return error instanceof TRPCClientError && REFUSED_FOR_GOOD.has((error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0);
}

export const BEFORE_START: DoorSyncState = { online: true, offlineSince: null, waiting: 0, waitingForOthers: [], setAside: [], listAt: null, listProgress: null };

export class DoorSync {
  private state: DoorSyncState = BEFORE_START;
  private listeners = new Set<Listener>();
  private stored: StoredList | null = null;
  private passages = new Map<string, LocalPassage>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy: Promise<void> | null = null;
  private photoUrls = new Map<string, string>();
  private stopped = false;
  /** A list is fetched at the next round whatever the age of the one held (the door just opened). */
  private listDue = false;
  /** A whole list on its way: the pages merged so far and the next one's cursor (kept across rounds, so a lost signal resumes it). */
  private pending: { list: DoorList; cursor: string } | null = null;
  /** The list held cannot be continued with changes (the server said to start over, or it is from before pages). */
  private wholeListDue = false;
  /** Who is signed in on this phone: the account whose scans upload and that decides the next ones offline. */
  private account: Decider | null = null;
  /** Counts of the queue asked for so far (recount). */
  private counts = 0;

  constructor(
    private readonly client: TrpcClient,
    readonly eventId: string,
  ) {}

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(change: Partial<DoorSyncState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /**
   * The person signed in on this phone (the scanner page's), or null while it is not known: their
   * scans are uploaded, and the next offline scans are theirs. Another person's wait for them.
   */
  async setAccount(account: Decider | null): Promise<void> {
    if (account?.uid === this.account?.uid && account?.name === this.account?.name) return;
    this.account = account;
    await this.recount();
    if (this.state.waiting > 0 && !this.stopped) await this.tick();
  }

  /** Loads what this phone holds for the event, then keeps it fresh; returns the stop. */
  start(): () => void {
    this.stopped = false;
    void (async () => {
      await forgetEndedLists(new Date()).catch(() => undefined);
      const [stored, passages] = await Promise.all([loadList(this.eventId), loadPassages(this.eventId)]).catch(() => [undefined, new Map<string, LocalPassage>()] as const);
      if (this.stopped) return;
      this.stored = stored ?? null;
      this.passages = new Map(passages);
      this.set({ listAt: stored?.list.at ?? null, ...(navigator.onLine ? {} : { online: false, offlineSince: new Date() }) });
      await this.recount();
      // Opening the door online fetches its list afresh (after uploading what waits).
      this.listDue = true;
      await this.tick();
    })();
    const onOnline = () => void this.tick();
    const onOffline = () => this.unanswered();
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    this.timer = setInterval(() => void this.tick(), RETRY_EVERY_MS);
    return () => {
      this.stopped = true;
      if (this.timer) clearInterval(this.timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      for (const url of this.photoUrls.values()) URL.revokeObjectURL(url);
    };
  }

  /** Server time on this phone's clock, corrected by the offset measured with the last list. */
  serverNow(): Date {
    return new Date(Date.now() + (this.stored?.offsetMs ?? 0));
  }

  private answered() {
    if (!this.state.online) this.set({ online: true, offlineSince: null });
  }

  private unanswered() {
    if (this.state.online) this.set({ online: false, offlineSince: new Date() });
  }

  /** Whether scans should be decided here at once, without asking the server first. */
  private get offline(): boolean {
    return !navigator.onLine || !this.state.online;
  }

  /** One round: upload what waits, else fetch the list when it is due (or to see whether the server is back). */
  tick(): Promise<void> {
    if (this.busy) return this.busy;
    const round = async () => {
      if (this.account && this.state.waiting > 0) await this.upload();
      else if (this.listDue || this.offline || !this.stored || this.pending || Date.now() - this.stored.wallAt >= LIST_EVERY_MS - 1000) await this.refresh();
    };
    // Cleared once the round is over, never before it is set (a round with nothing to do ends at once).
    const busy = round()
      .catch(() => undefined)
      .finally(() => {
        if (this.busy === busy) this.busy = null;
      });
    this.busy = busy;
    return busy;
  }

  /**
   * Brings the event's list up to date: the changes since the list held, or, without one that can
   * be continued, the whole list page by page. Measures the clock's offset from the server's with
   * each answer.
   */
  async refresh(): Promise<void> {
    const held = this.stored?.list;
    if (!held || this.pending || this.wholeListDue || this.stored?.version !== STORED_LIST_VERSION) return this.fetchWholeList();
    const answer = await this.askForList({ eventId: this.eventId, since: held.at });
    if (!answer) return;
    if (answer.data.kind !== 'changes') return this.fetchWholeList();
    const list = mergeDoorList(held, answer.data);
    // Another end of the night changes whose membership covers it: the whole list again.
    if (list.endsAt.getTime() !== held.endsAt.getTime()) this.wholeListDue = true;
    await this.keepList(list, answer.offsetMs, answer.data.members.map((member) => member.photoURL));
  }

  /** The whole list, page by page from where it got to; kept once complete (until then the list held, if any, decides). */
  private async fetchWholeList(): Promise<void> {
    this.wholeListDue = false;
    for (let pages = 0; pages < LIST_PAGES_MAX && !this.stopped; pages++) {
      const pending = this.pending;
      const answer = await this.askForList(pending ? { eventId: this.eventId, cursor: pending.cursor } : { eventId: this.eventId });
      // No answer: the pages so far wait for the next round.
      if (!answer) return;
      const page = answer.data;
      if (page.kind !== 'page' || (!pending && !page.header)) {
        // The server no longer continues that list (too old): from the first page again.
        this.pending = null;
        continue;
      }
      const list = mergeDoorList(pending?.list ?? emptyDoorList(page.header!, page.at), page);
      if (page.next) {
        this.pending = { list, cursor: page.next };
        this.set({ listProgress: page.progress });
        continue;
      }
      this.pending = null;
      this.set({ listProgress: null });
      await this.keepList(list, answer.offsetMs, list.members.map((member) => member.photoURL));
      return;
    }
  }

  /** One request for the list: its answer and the clock's offset it measured, or null when the server did not answer (or refused: the list held stays). */
  private async askForList(input: { eventId: string; cursor?: string; since?: Date }): Promise<{ data: DoorListAnswer; offsetMs: number } | null> {
    const sentAt = Date.now();
    let data: DoorListAnswer;
    try {
      data = await answerWithin(REQUEST_TIMEOUT_MS, (signal) => this.client.door.list.query(input, { signal }));
    } catch (error) {
      if (answeredWithError(error)) this.answered();
      else this.unanswered();
      // Changes refused for good (a release that asks differently): the whole list at the next round.
      if (refusedForGood(error)) {
        this.pending = null;
        this.wholeListDue = true;
      }
      return null;
    }
    const receivedAt = Date.now();
    this.answered();
    this.listDue = false;
    return { data, offsetMs: data.serverTime.getTime() - (sentAt + receivedAt) / 2 };
  }

  /** Keeps `list` as this door's, on disk and here, with the clock measured by its last request; fetches the photos named. */
  private async keepList(list: DoorList, offsetMs: number, photos: (string | null)[]): Promise<void> {
    if (this.stopped) return;
    const stored: StoredList = {
      eventId: this.eventId,
      version: STORED_LIST_VERSION,
      list,
      offsetMs,
      wallAt: Date.now(),
      monotonicAt: performance.now(),
      origin: performance.timeOrigin,
    };
    this.stored = stored;
    await saveList(stored).catch(() => undefined);
    this.passages = await loadPassages(this.eventId).catch(() => this.passages);
    this.set({ listAt: list.at });
    // Set-aside scans name the members the new list knows.
    if (this.state.setAside.length) await this.recount();
    void this.keepPhotos(photos);
  }

  /** Keeps the listed members' photos on this phone for the face check without signal. */
  private async keepPhotos(urls: (string | null)[]) {
    const kept = await keptPhotos().catch(() => new Set<string>());
    const missing = [...new Set(urls.filter((url): url is string => url !== null && ownPhoto(url) !== null && !kept.has(url)))];
    for (let index = 0; index < missing.length && !this.stopped; index += 4) {
      await Promise.all(
        missing.slice(index, index + 4).map(async (url) => {
          const blob = await answerWithin(REQUEST_TIMEOUT_MS, async (signal) => {
            const response = await fetch(url, { credentials: 'same-origin', signal });
            return response.ok ? response.blob() : null;
          }).catch(() => null);
          if (blob) await savePhoto(url, blob).catch(() => undefined);
        }),
      );
    }
  }

  /**
   * What the queue holds now, as the state says it: the scans this account uploads, those waiting
   * for others by account (named as they last were), and the set-aside ones.
   */
  private async recount(): Promise<void> {
    // The last count asked for is the one shown: an earlier one may have read the queue before a change.
    const count = ++this.counts;
    let queue: QueuedScan[];
    let setAside: Awaited<ReturnType<typeof setAsideScans>>;
    try {
      [queue, setAside] = await Promise.all([queuedScans(), setAsideScans()]);
    } catch {
      // No IndexedDB (a private window): nothing was queued either.
      return;
    }
    if (count !== this.counts) return;
    // Until the page knows who is signed in (a reload without signal), no scan is said to wait for another.
    const others = new Map<string, WaitingFor>();
    for (const scan of this.account ? queue : []) {
      if (!scan.by || scan.by.uid === this.account?.uid) continue;
      const entry = others.get(scan.by.uid) ?? { uid: scan.by.uid, name: null, count: 0 };
      others.set(scan.by.uid, { ...entry, name: scan.by.name ?? entry.name, count: entry.count + 1 });
    }
    this.set({
      waiting: this.account ? queue.filter((scan) => this.uploads(scan)).length : queue.length,
      waitingForOthers: [...others.values()],
      setAside: setAside.map(({ nonce, decision, by, reason }) => ({ nonce, decision, by, reason, member: this.memberName(decision) })),
    });
  }

  /** Whether the account signed in uploads this scan: its own, and those queued before scans recorded their account. */
  private uploads(scan: QueuedScan): boolean {
    return scan.by === null || (this.account !== null && scan.by.uid === this.account.uid);
  }

  /** The name of the member a decision was about, if this door's list holds them. */
  private memberName(decision: QueuedDecision): string | null {
    if (!this.stored || decision.eventId !== this.eventId) return null;
    const ticketId = decision.uid !== undefined ? ticketIdOfKey(decision.uid) : decision.code ? parseTicketCode(decision.code)?.ticketId : undefined;
    if (ticketId) return (this.stored.list.tickets ?? []).find((ticket) => ticket.id === ticketId)?.name ?? null;
    const passId = decision.code ? parsePassCode(decision.code)?.passId : undefined;
    const member = this.stored.list.members.find((candidate) => (decision.uid !== undefined ? candidate.uid === decision.uid : candidate.passId === passId));
    return member?.name ?? null;
  }

  /** Uploads this account's waiting scans, oldest first; one uploader per phone, however many tabs. */
  private async upload(): Promise<void> {
    const run = async () => {
      if (!(await this.sessionIsAccount())) return;
      while (!this.stopped) {
        const batch = (await queuedScans()).filter((scan) => this.uploads(scan)).slice(0, UPLOAD_BATCH);
        if (!batch.length || !(await this.send(batch))) return;
      }
    };
    if (navigator.locks) await navigator.locks.request('venue-door-upload', { ifAvailable: true }, async (lock) => (lock ? run() : undefined));
    else await run();
    await this.recount();
    // The list after the upload: what the server made of it.
    if (this.state.online && !this.stopped) await this.refresh();
  }

  /**
   * Whether the session this phone's requests carry is the account's: another tab may have signed
   * someone else in since this page learnt who is here, and the server records an upload as the
   * session's account.
   */
  private async sessionIsAccount(): Promise<boolean> {
    try {
      const me = await answerWithin(REQUEST_TIMEOUT_MS, (signal) => this.client.identity.me.query(undefined, { signal }));
      this.answered();
      return me.uid === this.account?.uid;
    } catch (error) {
      if (answeredWithError(error)) this.answered();
      else this.unanswered();
      return false;
    }
  }

  /**
   * Uploads `batch` (in the door's order) and settles what the server answered: recorded and known
   * scans leave the queue, rejected ones (their event is gone) are set aside. A call the server
   * refuses for good as a whole (one scan it cannot take fails the call) is halved, the first half
   * first, until the scan is found: only it is set aside, the rest are uploaded. Silence and other
   * errors keep the scans for a later round. Whether every scan of the batch was settled.
   */
  private async send(batch: QueuedScan[]): Promise<boolean> {
    let answer;
    try {
      answer = await answerWithin(REQUEST_TIMEOUT_MS, (signal) => this.client.door.upload.mutate({ decisions: batch.map((scan) => scan.decision) }, { signal }));
    } catch (error) {
      if (!answeredWithError(error)) {
        this.unanswered();
        return false;
      }
      this.answered();
      if (!refusedForGood(error)) return false;
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        return (await this.send(batch.slice(0, half))) && (await this.send(batch.slice(half)));
      }
      await settleQueued({ setAside: [{ scan: batch[0]!, reason: 'refused' }] });
      await this.recount();
      return true;
    }
    this.answered();
    const status = new Map(answer.results.map((each) => [each.nonce, each.status]));
    await settleQueued({
      recorded: batch.filter((scan) => status.get(scan.nonce) === 'recorded' || status.get(scan.nonce) === 'known').map((scan) => scan.nonce),
      setAside: batch.filter((scan) => status.get(scan.nonce) === 'rejected').map((scan) => ({ scan, reason: 'eventGone' as const })),
    });
    await this.recount();
    // A scan the answer did not mention stays queued, and this round ends rather than send it again at once.
    return batch.every((scan) => status.has(scan.nonce));
  }

  /** Someone at the door has read a set-aside scan: it leaves this phone. */
  async dismiss(nonce: string): Promise<void> {
    await dismissSetAside(nonce);
    await this.recount();
  }

  /** A set-aside scan goes back to the queue, to be sent again by the account that decided it (after an update of the app, say). */
  async sendAgain(nonce: string): Promise<void> {
    await requeueSetAside(nonce);
    await this.recount();
    void this.tick();
  }

  /** A scan: the server's answer within 3 s, else decided here (the bar waits for the server). */
  async scan(input: ScanInput & { source: 'camera' | 'keyboard' }): Promise<DoorAnswer> {
    const asked = !this.offline || input.mode === 'bar' ? await this.ask(input.device, (signal) => this.client.door.scan.mutate(input, { signal })) : null;
    return asked ?? this.decideHere({ ...input, code: input.code });
  }

  /** An admission by name: the server's answer within 3 s, else decided here from the list. */
  async admit(input: ManualAdmitInput): Promise<DoorAnswer> {
    const asked = this.offline ? null : await this.ask(input.device, (signal) => this.client.door.admit.mutate(input, { signal }));
    return asked ?? this.decideHere({ eventId: input.eventId, nonce: input.nonce, device: input.device, mode: 'entry', source: 'manual', uid: input.uid });
  }

  /**
   * "Admit anyway" after a "Full", with the door's reason: the server's answer within 3 s, else
   * decided here past this phone's count (the reason goes with the upload). Judged as at the time
   * of the "Full": the code was checked then, and may have changed its window since.
   */
  async admitAnyway(input: AdmitAnyway): Promise<DoorAnswer> {
    const nonce = crypto.randomUUID().replace(/-/g, '');
    const { full } = input;
    const asked =
      this.offline || full.decidedOffline
        ? null
        : await this.ask(input.device, (signal) => this.client.door.admitAnyway.mutate({ eventId: input.eventId, fullNonce: input.fullNonce, nonce, device: input.device, reason: input.reason }, { signal }));
    const scan = full.uid !== undefined ? { uid: full.uid } : { code: full.code! };
    return asked ?? this.decideHere({ eventId: input.eventId, nonce, device: input.device, mode: 'entry', source: full.source, ...scan, anyway: { reason: input.reason, at: full.at } });
  }

  /** The server's verdict (or the error it answered) within 3 s; null when it did not answer in time. */
  private async ask(door: string, call: (signal: AbortSignal) => Promise<ScanResult>): Promise<DoorAnswer | null> {
    try {
      const result = await answerWithin(ANSWER_WITHIN_MS, call);
      this.answered();
      await this.remember(result, door);
      return { kind: 'verdict', verdict: { ...result, decidedOffline: false, photo: null } };
    } catch (error) {
      if (!answeredWithError(error)) {
        this.unanswered();
        return null;
      }
      this.answered();
      return { kind: 'error', error };
    }
  }

  /** An online verdict that let someone in or out here: the next offline scan knows it. */
  private async remember(result: ScanResult, door: string) {
    const key = result.member?.uid ?? (result.ticket ? ticketDoorKey(result.ticket.id) : null);
    if (!key) return;
    const previous = this.passages.get(key);
    const after = passageAfter(previous ?? { admittedAt: result.firstAt, firstDoor: result.firstDevice }, result.verdict, result.at, door);
    if (!after) return;
    const passage = { eventId: result.eventId, uid: key, ...after, at: result.at };
    this.passages.set(passage.uid, passage);
    await notePassage(passage).catch(() => undefined);
  }

  private clockChanged(): boolean {
    const stored = this.stored;
    if (!stored) return false;
    // Never before the list was fetched; within this page, wall and monotonic clocks agree.
    if (Date.now() < stored.wallAt - CLOCK_JUMP_MS) return true;
    if (stored.origin !== performance.timeOrigin) return false;
    return Math.abs(Date.now() - stored.wallAt - (performance.now() - stored.monotonicAt)) > CLOCK_JUMP_MS;
  }

  private async decideHere(scan: {
    eventId: string;
    nonce: string;
    device: string;
    mode: ScanMode;
    source: ScanSource;
    code?: string;
    uid?: string;
    /** "Admit anyway": the reason, and the time of the "Full" it follows. */
    anyway?: { reason: string; at: Date };
  }): Promise<DoorAnswer> {
    if (scan.mode !== 'bar' && this.clockChanged()) return { kind: 'undecided', reason: 'clockChanged' };
    const now = scan.anyway?.at ?? this.serverNow();
    const answer = await decideOffline(this.stored?.list ?? null, { ...scan, anyway: scan.anyway !== undefined }, now, this.passages);
    if (answer.kind === 'undecidable') return { kind: 'undecided', reason: answer.reason };
    // Each queued scan is uploaded by the account that decided it: without one it is not decided here.
    const by = this.account;
    if (!by) return { kind: 'undecided', reason: 'noAccount' };
    const { member, ticket } = answer;
    const passage = passageOf(answer, this.passages, { eventId: scan.eventId, at: now, door: scan.device });
    const queued: QueuedScan = {
      version: QUEUE_VERSION,
      nonce: scan.nonce,
      decision: {
        eventId: scan.eventId,
        nonce: scan.nonce,
        mode: scan.mode === 'exit' ? 'exit' : 'entry',
        source: scan.source,
        ...(scan.uid !== undefined ? { uid: scan.uid } : { code: scan.code! }),
        verdict: answer.verdict as QueuedDecision['verdict'],
        decidedAt: now,
        device: scan.device,
        listAt: this.stored!.list.at,
        ...(scan.anyway && (answer.verdict === 'admitted' || answer.verdict === 'welcomeBack') ? { override: { reason: scan.anyway.reason } } : {}),
      },
      by,
    };
    // On disk before the verdict shows: a crash now loses no scan.
    try {
      await enqueue(queued, passage);
    } catch {
      return { kind: 'undecided', reason: 'noAnswer' };
    }
    if (passage) this.passages.set(passage.uid, passage);
    this.set({ waiting: this.state.waiting + 1 });
    void this.recount();
    // Uploaded at once if the server is back (the timer tries again every 10 s).
    if (navigator.onLine) void this.tick();
    return {
      kind: 'verdict',
      verdict: {
        verdict: answer.verdict,
        eventId: scan.eventId,
        mode: scan.mode,
        member: member ? { uid: member.uid, displayName: member.name, photoURL: member.photoURL } : null,
        ticket: ticket ? { id: ticket.id, kind: ticket.kind, name: ticket.name, sponsorName: ticket.sponsorName, party: ticket.party } : null,
        firstAt: answer.firstAt,
        firstDevice: answer.firstDevice,
        drinksLeft: null,
        at: now,
        counts: null,
        decidedOffline: true,
        photo: member?.photoURL ? await this.photo(member.photoURL) : null,
        ...(answer.inside ? { inside: answer.inside } : {}),
      },
    };
  }

  /** A member's photo as this phone kept it (an object URL), for the face check without signal. */
  async photo(url: string): Promise<string | null> {
    const known = this.photoUrls.get(url);
    if (known) return known;
    const blob = await loadPhoto(url).catch(() => undefined);
    if (!blob) return null;
    const objectUrl = URL.createObjectURL(blob);
    this.photoUrls.set(url, objectUrl);
    return objectUrl;
  }

  /**
   * Admitting by name without signal: members of the list whose name's words start with the
   * query's, or, for an address the guest gives, whose masked address is the same (the list holds
   * no more of an address than the door shows).
   */
  search(query: string): DoorSearchHit[] {
    const text = query.trim().toLocaleLowerCase();
    const words = text.split(/\s+/).filter(Boolean);
    if (!this.stored || !words.length) return [];
    const masked = text.includes('@') ? maskedAddress(text) : null;
    const admittedAt = (key: string, listed: Date | null) => {
      const here = this.passages.get(key);
      return here && here.at >= this.stored!.list.at ? here.admittedAt : listed;
    };
    const members: DoorSearchHit[] = this.stored.list.members
      .filter((member) => (masked ? member.name.toLocaleLowerCase() === masked : nameMatches(member.name, text)))
      .map((member) => ({ uid: member.uid, name: member.name, photoURL: member.photoURL, checkedInAt: admittedAt(member.uid, member.admittedAt) }));
    // Tonight's valid tickets by their holder's name (a list from before tickets were listed has none).
    const tickets: DoorSearchHit[] = masked
      ? []
      : (this.stored.list.tickets ?? [])
          .filter((ticket) => !ticket.cancelled && nameMatches(ticket.name, text))
          .map((ticket) => {
            const key = ticketDoorKey(ticket.id);
            return { uid: key, name: ticket.name, photoURL: null, checkedInAt: admittedAt(key, ticket.admittedAt), ticket: { kind: ticket.kind, sponsorName: ticket.sponsorName, party: ticket.party } };
          });
    return [...members, ...tickets].slice(0, 10);
  }

  /** Whether admitting by name uses this phone's list (no server now) or the server's search. */
  get searchesHere(): boolean {
    return this.offline;
  }
}
