// A door phone's link with the server (decision 043). Each scan is asked of the server first; when
// no answer comes within 3 s, or the phone is offline, the same scan (same nonce) is decided here
// from the event's door list, queued on disk before its verdict shows, and uploaded as soon as the
// server answers again (every 10 s while scans wait). The list is fetched when the door opens and
// every 60 s while online, and after each upload. One per scanner page; `subscribe` and
// `getSnapshot` feed React's useSyncExternalStore.
import { TRPCClientError } from '@trpc/client';
import type { TrpcClient } from '@/trpc/browser-client';
import { ownPhoto } from '@/ui/shell/own-photo';
import type { ScanInput, ManualAdmitInput } from '../door.inputs';
import type { DoorSearchHit } from '../door-search';
import { maskedAddress } from '../door-names';
import type { ScanResult } from '../scanning';
import type { ScanMode, ScanSource } from '../constants';
import { decideOffline, passageAfter, type LocalPassage, type Undecidable } from './offline-verdict';
import { enqueue, forgetEndedLists, keptPhotos, loadList, loadPassages, loadPhoto, notePassage, queuedScans, removeQueued, saveList, savePhoto, type QueuedScan, type StoredList } from './door-store';

/** How long a scan waits for the server before the door decides it. */
export const ANSWER_WITHIN_MS = 3000;
/** How often the list is fetched again while online. */
export const LIST_EVERY_MS = 60_000;
/** How often waiting scans are uploaded (and the server asked whether it is back) while offline. */
export const RETRY_EVERY_MS = 10_000;
/** A phone clock that moved this far against the page's monotonic clock since the list was fetched can no longer be corrected. */
const CLOCK_JUMP_MS = 60_000;
/** Scans uploaded per request (the server's maximum). */
const UPLOAD_BATCH = 50;
const REQUEST_TIMEOUT_MS = 10_000;

export interface DoorSyncState {
  /** Whether the server answered the last request. */
  online: boolean;
  /** When the server last failed to answer, while it still does not. */
  offlineSince: Date | null;
  /** Scans decided here that the server has not recorded yet (on this phone, every event). */
  waiting: number;
  /** Scans the server will never record (their event was deleted), since this page opened. */
  rejected: number;
  /** When the list this door holds was made (server time), if it holds one. */
  listAt: Date | null;
}

/** A verdict as the door shows it: the server's, or decided here. */
export type DoorVerdict = Omit<ScanResult, 'counts'> & { counts: ScanResult['counts'] | null; decidedOffline: boolean; photo: string | null };

export type DoorAnswer =
  | { kind: 'verdict'; verdict: DoorVerdict }
  | { kind: 'undecided'; reason: Undecidable | 'noAnswer' }
  | { kind: 'error'; error: unknown };

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

export class DoorSync {
  private state: DoorSyncState = { online: true, offlineSince: null, waiting: 0, rejected: 0, listAt: null };
  private listeners = new Set<Listener>();
  private stored: StoredList | null = null;
  private passages = new Map<string, LocalPassage>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy: Promise<void> | null = null;
  private photoUrls = new Map<string, string>();
  private stopped = false;
  /** A list is fetched at the next round whatever the age of the one held (the door just opened). */
  private listDue = false;

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

  /** Loads what this phone holds for the event, then keeps it fresh; returns the stop. */
  start(): () => void {
    this.stopped = false;
    void (async () => {
      await forgetEndedLists(new Date()).catch(() => undefined);
      const [stored, passages, queue] = await Promise.all([loadList(this.eventId), loadPassages(this.eventId), queuedScans()]).catch(() => [undefined, new Map<string, LocalPassage>(), [] as QueuedScan[]] as const);
      if (this.stopped) return;
      this.stored = stored ?? null;
      this.passages = new Map(passages);
      this.set({ waiting: queue.length, listAt: stored?.list.at ?? null, ...(navigator.onLine ? {} : { online: false, offlineSince: new Date() }) });
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
      if (this.state.waiting > 0) await this.upload();
      else if (this.listDue || this.offline || !this.stored || Date.now() - this.stored.wallAt >= LIST_EVERY_MS - 1000) await this.refresh();
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

  /** Fetches the event's list and measures the clock's offset from the server's. */
  async refresh(): Promise<void> {
    const sentAt = Date.now();
    let list;
    try {
      list = await answerWithin(REQUEST_TIMEOUT_MS, (signal) => this.client.door.list.query({ eventId: this.eventId }, { signal }));
    } catch (error) {
      if (answeredWithError(error)) this.answered();
      else this.unanswered();
      return;
    }
    const receivedAt = Date.now();
    this.answered();
    this.listDue = false;
    const stored: StoredList = {
      eventId: this.eventId,
      list,
      offsetMs: list.at.getTime() - (sentAt + receivedAt) / 2,
      wallAt: receivedAt,
      monotonicAt: performance.now(),
      origin: performance.timeOrigin,
    };
    if (this.stopped) return;
    this.stored = stored;
    await saveList(stored).catch(() => undefined);
    this.passages = await loadPassages(this.eventId).catch(() => this.passages);
    this.set({ listAt: list.at });
    void this.keepPhotos(list.members.map((member) => member.photoURL));
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

  /** Uploads every scan waiting, oldest first; one uploader per phone, however many tabs. */
  private async upload(): Promise<void> {
    const run = async () => {
      let queue = await queuedScans();
      while (queue.length && !this.stopped) {
        const batch = queue.slice(0, UPLOAD_BATCH);
        let answer;
        try {
          answer = await answerWithin(REQUEST_TIMEOUT_MS, (signal) => this.client.door.upload.mutate({ decisions: batch }, { signal }));
        } catch (error) {
          if (answeredWithError(error)) this.answered();
          else this.unanswered();
          return;
        }
        this.answered();
        await removeQueued(answer.results.map((each) => each.nonce));
        const rejected = answer.results.filter((each) => each.status === 'rejected').length;
        queue = await queuedScans();
        this.set({ waiting: queue.length, rejected: this.state.rejected + rejected });
      }
    };
    if (navigator.locks) await navigator.locks.request('venue-door-upload', { ifAvailable: true }, async (lock) => (lock ? run() : undefined));
    else await run();
    this.set({ waiting: (await queuedScans()).length });
    // The list after the upload: what the server made of it.
    if (this.state.online && !this.stopped) await this.refresh();
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
    if (!result.member) return;
    const previous = this.passages.get(result.member.uid);
    const after = passageAfter(previous ?? { admittedAt: result.firstAt, firstDoor: result.firstDevice }, result.verdict, result.at, door);
    if (!after) return;
    const passage = { eventId: result.eventId, uid: result.member.uid, ...after, at: result.at };
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

  private async decideHere(scan: { eventId: string; nonce: string; device: string; mode: ScanMode; source: ScanSource; code?: string; uid?: string }): Promise<DoorAnswer> {
    if (scan.mode !== 'bar' && this.clockChanged()) return { kind: 'undecided', reason: 'clockChanged' };
    const now = this.serverNow();
    const answer = await decideOffline(this.stored?.list ?? null, scan, now, this.passages);
    if (answer.kind === 'undecidable') return { kind: 'undecided', reason: answer.reason };
    const member = answer.member;
    const previous = member ? (this.passages.get(member.uid) ?? { admittedAt: member.admittedAt, firstDoor: member.firstDoor }) : null;
    const after = member && previous ? passageAfter(previous, answer.verdict, now, scan.device) : null;
    const passage = member && after ? { eventId: scan.eventId, uid: member.uid, ...after, at: now } : null;
    const queued: QueuedScan = {
      eventId: scan.eventId,
      nonce: scan.nonce,
      mode: scan.mode === 'exit' ? 'exit' : 'entry',
      source: scan.source,
      ...(scan.uid !== undefined ? { uid: scan.uid } : { code: scan.code! }),
      verdict: answer.verdict as QueuedScan['verdict'],
      decidedAt: now,
      device: scan.device,
      listAt: this.stored!.list.at,
    };
    // On disk before the verdict shows: a crash now loses no scan.
    try {
      await enqueue(queued, passage);
    } catch {
      return { kind: 'undecided', reason: 'noAnswer' };
    }
    if (passage) this.passages.set(passage.uid, passage);
    this.set({ waiting: this.state.waiting + 1 });
    // Uploaded at once if the server is back (the timer tries again every 10 s).
    if (navigator.onLine) void this.tick();
    return {
      kind: 'verdict',
      verdict: {
        verdict: answer.verdict,
        eventId: scan.eventId,
        mode: scan.mode,
        member: member ? { uid: member.uid, displayName: member.name, photoURL: member.photoURL } : null,
        firstAt: answer.firstAt,
        firstDevice: answer.firstDevice,
        drinksLeft: null,
        at: now,
        counts: null,
        decidedOffline: true,
        photo: member?.photoURL ? await this.photo(member.photoURL) : null,
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
    return this.stored.list.members
      .filter((member) => {
        if (masked) return member.name.toLocaleLowerCase() === masked;
        const parts = member.name.toLocaleLowerCase().split(/[\s@.…]+/);
        return words.every((word) => parts.some((part) => part.startsWith(word)));
      })
      .slice(0, 10)
      .map((member) => {
        const here = this.passages.get(member.uid);
        return { uid: member.uid, name: member.name, photoURL: member.photoURL, checkedInAt: here && here.at >= this.stored!.list.at ? here.admittedAt : member.admittedAt };
      });
  }

  /** Whether admitting by name uses this phone's list (no server now) or the server's search. */
  get searchesHere(): boolean {
    return this.offline;
  }
}
