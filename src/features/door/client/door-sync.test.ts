// The door's link with the server, without a browser: a round with nothing to do leaves the next
// one free (a round that never ended once kept a door offline for good after the signal came
// back), and a request the server never answers is given up after its time.
import { TRPCClientError } from '@trpc/client';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrpcClient } from '@/trpc/browser-client';
import { UploadInput } from '../door.inputs';
import type { DoorList, DoorListAnswer, DoorListChanges, DoorListMember } from '../door-list';
import { enqueue, queuedScans, setAsideScans, type QueuedDecision, type QueuedScan } from './door-store';
import { DoorSync, UPLOAD_BATCH, type DoorSyncState } from './door-sync';

const LIST: DoorList = { eventId: 'tonight', at: new Date(), doorsAt: new Date(), endsAt: new Date(Date.now() + 3_600_000), members: [], refusedPasses: [], tickets: [], ticketKey: null };

/** `list` as the server hands it out: one page, complete (decision 053). */
function onePage(list: DoorList, changes: Partial<DoorListChanges> = {}): DoorListChanges {
  const { members, refusedPasses, tickets, at, ...header } = list;
  return { kind: 'page', at, serverTime: at, header, members, refusedPasses, removed: [], tickets, removedTickets: [], standings: [], next: null, progress: { members: members.length, of: members.length }, ...changes };
}

/** A phone whose signal the test switches (`online.value`), with no IndexedDB: what the door keeps on disk fails quietly, as in a private window. */
function phoneWithoutStorage() {
  const online = { value: true };
  beforeEach(() => {
    vi.stubGlobal('navigator', { get onLine() { return online.value; } });
    vi.stubGlobal('indexedDB', undefined);
    online.value = true;
  });
  afterEach(() => vi.unstubAllGlobals());
  return online;
}

describe('the door’s link with the server', () => {
  const online = phoneWithoutStorage();

  function client(answer: (input: { since?: Date }) => Promise<DoorListAnswer>) {
    const query = vi.fn(answer);
    return { query, client: { door: { list: { query } } } as unknown as TrpcClient };
  }

  it('starts a new round after one that had nothing to do', async () => {
    // The whole list, then what changed since (nothing).
    const { query, client: fake } = client(async ({ since }) => onePage({ ...LIST, at: new Date() }, since ? { kind: 'changes', header: null } : {}));
    const sync = new DoorSync(fake, 'tonight');
    await sync.tick();
    expect(query).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot()).toMatchObject({ online: true, listAt: expect.any(Date) });
    // The list is fresh: nothing to do.
    await sync.tick();
    expect(query).toHaveBeenCalledTimes(1);
    // Offline, each round asks whether the server is back: this one must run.
    online.value = false;
    await sync.tick();
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('gives up on a list the server never sends, and says the door is offline', async () => {
    vi.useFakeTimers();
    try {
      const { client: fake } = client(() => new Promise<DoorListAnswer>(() => undefined));
      const sync = new DoorSync(fake, 'tonight');
      const round = sync.tick();
      await vi.advanceTimersByTimeAsync(10_000);
      await round;
      expect(sync.getSnapshot()).toMatchObject({ online: false, offlineSince: expect.any(Date), listAt: null });
    } finally {
      vi.useRealTimers();
    }
  });
});

// The queue (decision 043), over fake-indexeddb's IndexedDB and a server that checks each upload
// as the procedure does: a scan is uploaded only by the account that decided it; a scan the server
// refuses for good is set aside and never holds up the others; nothing is lost when the page
// reloads in the middle of an upload, and nothing the server confirmed is sent again.
describe('the door’s queue', () => {
  const online = { value: true };
  const ALEX = { uid: 'alex', name: 'Alex' };
  const SAM = { uid: 'sam', name: 'Sam' };
  const KAI: DoorListMember = {
    uid: 'member-kai',
    passId: 'AAAAAAAAAAAAAAAA',
    publicKey: null,
    version: 1,
    name: 'Kai Berg',
    photoURL: null,
    admittedAt: null,
    firstDoor: null,
    inside: false,
  };

  beforeEach(() => {
    vi.stubGlobal('navigator', { get onLine() { return online.value; } });
    // A phone of its own for each test.
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    online.value = true;
  });
  afterEach(() => vi.unstubAllGlobals());

  function refusal(httpStatus: number, code: string) {
    return new TRPCClientError(code, { result: { error: { code: -32600, message: code, data: { code, httpStatus } } } });
  }

  /**
   * door.upload as the server answers it: the whole call refused (400) when one decision fails the
   * procedure's schema, else each decision recorded once per signed-in account and nonce ('known'
   * after that), or 'rejected' when its event is gone. `failWith` answers the next calls with an error.
   */
  function doorServer() {
    const server = {
      session: 'alex',
      recorded: [] as string[],
      calls: [] as string[][],
      gone: new Set<string>(),
      failWith: null as (() => Error) | null,
      /** Holds the answer to a call with these nonces (after recording it) until released. */
      hold: null as { nonces: string[]; until: Promise<void> } | null,
    };
    const mutate = vi.fn(async ({ decisions }: { decisions: QueuedDecision[] }) => {
      const nonces = decisions.map((each) => each.nonce);
      server.calls.push(nonces);
      if (server.failWith) throw server.failWith();
      if (!UploadInput.safeParse({ decisions }).success) throw refusal(400, 'BAD_REQUEST');
      const results = decisions.map(({ nonce, eventId }) => {
        if (server.gone.has(eventId)) return { nonce, status: 'rejected' as const };
        const key = `${server.session}:${nonce}`;
        if (server.recorded.includes(key)) return { nonce, status: 'known' as const };
        server.recorded.push(key);
        return { nonce, status: 'recorded' as const };
      });
      if (server.hold && server.hold.nonces.join() === nonces.join()) await server.hold.until;
      return { results };
    });
    const query = vi.fn(async () => onePage({ ...LIST, at: new Date(), members: [KAI] }));
    // Who the phone's session cookie says is signed in.
    const me = vi.fn(async () => ({ uid: server.session }));
    return { server, mutate, client: { door: { list: { query }, upload: { mutate } }, identity: { me: { query: me } } } as unknown as TrpcClient };
  }

  function queued(nonce: string, minute: number, by: QueuedScan['by'] = ALEX, extra: Partial<QueuedDecision> = {}): QueuedScan {
    const decision: QueuedDecision = { eventId: 'tonight', nonce, mode: 'entry', source: 'manual', uid: KAI.uid, verdict: 'admitted', decidedAt: new Date(Date.UTC(2026, 2, 14, 22, minute)), device: 'Front door', listAt: LIST.at, ...extra };
    return { version: 2, nonce, decision, by };
  }

  async function queue(...scans: QueuedScan[]) {
    for (const scan of scans) await enqueue(scan, null);
  }

  const nonces = (scans: { nonce: string }[]) => scans.map((scan) => scan.nonce);

  it('decides a scan without signal, queues it on disk with the account that decided it, and counts it as waiting', async () => {
    const { client: fake } = doorServer();
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    await sync.refresh();
    online.value = false;
    const answer = await sync.admit({ eventId: 'tonight', uid: KAI.uid, nonce: 'n-kai-0001', device: 'Front door' });
    expect(answer).toMatchObject({ kind: 'verdict', verdict: { verdict: 'admitted', decidedOffline: true, member: { uid: KAI.uid } } });
    expect(await queuedScans()).toEqual([
      { version: 2, nonce: 'n-kai-0001', decision: expect.objectContaining({ eventId: 'tonight', nonce: 'n-kai-0001', mode: 'entry', source: 'manual', uid: KAI.uid, verdict: 'admitted', device: 'Front door' }), by: ALEX },
    ]);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 1, waitingForOthers: [], setAside: [] });
  });

  it('decides nothing without signal while it does not know who is scanning', async () => {
    const { client: fake } = doorServer();
    const sync = new DoorSync(fake, 'tonight');
    await sync.refresh();
    online.value = false;
    expect(await sync.admit({ eventId: 'tonight', uid: KAI.uid, nonce: 'n-kai-0001', device: 'Front door' })).toEqual({ kind: 'undecided', reason: 'noAccount' });
    expect(await queuedScans()).toEqual([]);
  });

  it('uploads the waiting scans in the order they were decided, and removes those the server recorded or knew already', async () => {
    const { server, client: fake } = doorServer();
    await queue(queued('n-third-01', 3), queued('n-first-01', 1), queued('n-second-1', 2));
    // The first one reached the server once already (an online attempt that timed out).
    server.recorded.push('alex:n-first-01');
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    expect(server.calls).toEqual([['n-first-01', 'n-second-1', 'n-third-01']]);
    expect(server.recorded).toEqual(['alex:n-first-01', 'alex:n-second-1', 'alex:n-third-01']);
    expect(await queuedScans()).toEqual([]);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 0, setAside: [], online: true });
  });

  it('sets aside exactly the scan the server refuses for good (400) and uploads every other, in order, in a few calls', async () => {
    const { server, client: fake } = doorServer();
    // More than one call's worth; the 21st was written by a release the server no longer understands.
    const scans = Array.from({ length: UPLOAD_BATCH + 3 }, (_, index) => queued(`n-scan-${String(index).padStart(3, '0')}`, index, ALEX, index === 20 ? { device: '   ' } : {}));
    await queue(...scans);
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    const bad = scans[20]!;
    expect(server.recorded).toEqual(scans.filter((scan) => scan !== bad).map((scan) => `alex:${scan.nonce}`));
    expect(await queuedScans()).toEqual([]);
    expect(nonces(await setAsideScans())).toEqual([bad.nonce]);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 0, setAside: [{ nonce: bad.nonce, reason: 'refused', by: ALEX, member: 'Kai Berg' }] });
    // Halving finds it in about 2·log2(50) calls, well within the server's 30 uploads a minute.
    expect(server.calls.length).toBeLessThanOrEqual(14);
  });

  it('sets aside a scan whose event the server no longer has, and uploads the rest', async () => {
    const { server, client: fake } = doorServer();
    server.gone.add('deleted');
    await queue(queued('n-first-01', 1), queued('n-gone-001', 2, ALEX, { eventId: 'deleted' }), queued('n-third-01', 3));
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    expect(server.recorded).toEqual(['alex:n-first-01', 'alex:n-third-01']);
    expect(await queuedScans()).toEqual([]);
    expect(sync.getSnapshot().setAside).toEqual([expect.objectContaining({ nonce: 'n-gone-001', reason: 'eventGone', member: null })]);
    // Read at the door, then removed.
    await sync.dismiss('n-gone-001');
    expect(sync.getSnapshot().setAside).toEqual([]);
    expect(await setAsideScans()).toEqual([]);
  });

  it.each([
    ['no answer', () => new TRPCClientError('fetch failed')],
    ['a server error (500)', () => refusal(500, 'INTERNAL_SERVER_ERROR')],
    ['too many uploads (429)', () => refusal(429, 'TOO_MANY_REQUESTS')],
    ['no session (401)', () => refusal(401, 'UNAUTHORIZED')],
    ['no door role (403)', () => refusal(403, 'FORBIDDEN')],
  ])('keeps every scan for a later round after %s', async (_, failure) => {
    const { server, client: fake } = doorServer();
    await queue(queued('n-first-01', 1), queued('n-second-1', 2));
    server.failWith = failure;
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    expect(server.calls).toEqual([['n-first-01', 'n-second-1']]);
    expect(nonces(await queuedScans())).toEqual(['n-first-01', 'n-second-1']);
    expect(await setAsideScans()).toEqual([]);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 2, setAside: [] });
    // The next round, with the server back, sends them.
    server.failWith = null;
    await sync.tick();
    expect(server.recorded).toEqual(['alex:n-first-01', 'alex:n-second-1']);
  });

  it('keeps the earlier person’s scans when another signs in, says how many wait for whom, and sends them when that person signs in again', async () => {
    const { server, client: fake } = doorServer();
    // Alex's last scan was decided after a reload without signal, when the phone knew only Alex's account.
    await queue(queued('n-alex-001', 1, ALEX), queued('n-sam-0001', 2, SAM), queued('n-alex-002', 3, ALEX), queued('n-alex-003', 4, { uid: 'alex', name: null }));
    const sync = new DoorSync(fake, 'tonight');
    server.session = 'sam';
    await sync.setAccount(SAM);
    expect(server.recorded).toEqual(['sam:n-sam-0001']);
    expect(nonces(await queuedScans())).toEqual(['n-alex-001', 'n-alex-002', 'n-alex-003']);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 0, waitingForOthers: [{ uid: 'alex', name: 'Alex', count: 3 }] });
    // Sam's rounds leave Alex's scans alone.
    await sync.tick();
    expect(server.calls).toEqual([['n-sam-0001']]);

    // Alex signs in again on this phone.
    server.session = 'alex';
    await sync.setAccount(ALEX);
    expect(server.recorded).toEqual(['sam:n-sam-0001', 'alex:n-alex-001', 'alex:n-alex-002', 'alex:n-alex-003']);
    expect(await queuedScans()).toEqual([]);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 0, waitingForOthers: [] });
  });

  it('counts every scan as waiting, and names no one they wait for, while it does not know who is signed in (a reload without signal)', async () => {
    const { server, client: fake } = doorServer();
    await queue(queued('n-alex-001', 1, ALEX), queued('n-alex-002', 2, ALEX), queued('n-sam-0001', 3, SAM));
    const sync = new DoorSync(fake, 'tonight');
    server.session = 'sam';
    await sync.setAccount(SAM);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 0, waitingForOthers: [{ uid: 'alex', count: 2 }] });
    // The page no longer knows who is here: Alex's scans still wait, for no one named, and nothing is sent.
    await sync.setAccount(null);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 2, waitingForOthers: [] });
    await sync.tick();
    expect(server.calls).toEqual([['n-sam-0001']]);
  });

  it('sends nothing while the session is another account’s than the page believes (someone signed in in another tab)', async () => {
    const { server, client: fake } = doorServer();
    await queue(queued('n-alex-001', 1, ALEX));
    server.session = 'sam';
    const sync = new DoorSync(fake, 'tonight');
    await sync.setAccount(ALEX);
    expect(server.calls).toEqual([]);
    expect(nonces(await queuedScans())).toEqual(['n-alex-001']);
    expect(sync.getSnapshot()).toMatchObject({ waiting: 1 });
  });

  it('uploads scans queued before the phone recorded who decided them with whoever signs in, as before', async () => {
    const { server, client: fake } = doorServer();
    const { decision } = queued('n-old-0001', 1);
    // As the release before wrote it: the decision itself, without a version or an account.
    await enqueue(decision as unknown as QueuedScan, null);
    const sync = new DoorSync(fake, 'tonight');
    server.session = 'sam';
    await sync.setAccount(SAM);
    expect(server.recorded).toEqual(['sam:n-old-0001']);
    expect(await queuedScans()).toEqual([]);
  });

  it('loses nothing when the page reloads in the middle of an upload, and sends nothing again that the server confirmed', async () => {
    const { server, client: fake } = doorServer();
    const scans = [queued('n-first-01', 1), queued('n-bad-0001', 2, ALEX, { device: '' }), queued('n-third-01', 3), queued('n-fourth-1', 4)];
    await queue(...scans);
    // The call with the last two: the server records them, and the page dies before the answer arrives.
    let die!: () => void;
    server.hold = { nonces: ['n-third-01', 'n-fourth-1'], until: new Promise<void>((resolve) => (die = resolve)) };
    const before = new DoorSync(fake, 'tonight');
    const dying = before.setAccount(ALEX);
    await vi.waitFor(() => expect(server.calls.at(-1)).toEqual(['n-third-01', 'n-fourth-1']));
    expect(server.recorded).toEqual(['alex:n-first-01', 'alex:n-third-01', 'alex:n-fourth-1']);
    // What the server has not confirmed is still on disk.
    expect(nonces(await queuedScans())).toEqual(['n-third-01', 'n-fourth-1']);
    const sentBefore = server.calls.length;

    // The page loads again, from nothing but what is on disk.
    vi.resetModules();
    const reloaded = await import('./door-sync');
    server.hold = null;
    const after = new reloaded.DoorSync(fake, 'tonight');
    await after.setAccount(ALEX);
    expect(server.calls.slice(sentBefore)).toEqual([['n-third-01', 'n-fourth-1']]);
    expect(server.recorded).toEqual(['alex:n-first-01', 'alex:n-third-01', 'alex:n-fourth-1']);
    expect(await queuedScans()).toEqual([]);
    expect(nonces(await setAsideScans())).toEqual(['n-bad-0001']);

    // The dead page's answer never comes (here: the network drops it); it changes nothing.
    server.failWith = () => new TRPCClientError('fetch failed');
    die();
    await dying;
    expect(await queuedScans()).toEqual([]);
  });
});

// The list on the phone (decision 053): the whole list page by page, said how far it got, kept once
// complete; then only what changed since, merged; the whole list again when the server says so, and
// a whole list the signal interrupted resumed where it stopped.
describe('the door list on the phone', () => {
  phoneWithoutStorage();

  const member = (n: number, version = 1): DoorListMember => ({ uid: `m${n}`, passId: `PASS${String(n).padStart(12, '0')}`, publicKey: null, version, name: `Member ${n}`, photoURL: null, admittedAt: null, firstDoor: null, inside: false });

  /** door.list as the server answers: pages of two members, then the changes it is given, or "start over". */
  function listServer(members: DoorListMember[]) {
    const server = { members, changes: [] as (DoorListChanges | 'startOver')[], silent: false, asked: [] as { cursor?: string; since?: Date }[] };
    const query = vi.fn(async ({ cursor, since }: { eventId: string; cursor?: string; since?: Date }) => {
      server.asked.push({ ...(cursor ? { cursor } : {}), ...(since ? { since } : {}) });
      if (server.silent) throw new Error('No signal');
      const serverTime = new Date();
      if (since) {
        const next = server.changes.shift() ?? onePage(LIST, { kind: 'changes', at: serverTime, header: null, members: [], progress: { members: 0, of: 0 } });
        return next === 'startOver' ? { kind: 'startOver' as const, serverTime } : { ...next, at: serverTime, serverTime };
      }
      const start = Number(cursor ?? 0);
      const page = server.members.slice(start, start + 2);
      const next = start + 2 < server.members.length ? String(start + 2) : null;
      return onePage({ ...LIST, members: page }, { header: cursor ? null : onePage(LIST).header, next, progress: { members: Math.min(start + 2, server.members.length), of: server.members.length } });
    });
    return { server, query, client: { door: { list: { query } } } as unknown as TrpcClient };
  }

  it('fetches the whole list page by page, says how far it got, and keeps it once complete', async () => {
    const { server, client: fake } = listServer([1, 2, 3, 4, 5].map((n) => member(n)));
    const sync = new DoorSync(fake, 'tonight');
    const progress: (DoorSyncState['listProgress'])[] = [];
    sync.subscribe(() => progress.push(sync.getSnapshot().listProgress));
    await sync.refresh();
    expect(server.asked).toEqual([{}, { cursor: '2' }, { cursor: '4' }]);
    expect(progress.filter((each) => each !== null)).toEqual([
      { members: 2, of: 5 },
      { members: 4, of: 5 },
    ]);
    expect(sync.getSnapshot()).toMatchObject({ listProgress: null, listAt: expect.any(Date) });
    expect(sync.search('Member').map((hit) => hit.uid)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('asks only for what changed since the list it holds, and merges it: a member added, one gone, a pass rotated', async () => {
    const { server, client: fake } = listServer([1, 2, 3].map((n) => member(n)));
    const sync = new DoorSync(fake, 'tonight');
    await sync.refresh();
    const listAt = sync.getSnapshot().listAt!;
    server.changes.push(onePage(LIST, { kind: 'changes', members: [member(4), member(2, 2)], removed: [{ uid: 'm3', passId: member(3).passId }], progress: { members: 0, of: 0 } }));
    await sync.refresh();
    expect(server.asked.at(-1)).toEqual({ since: listAt });
    expect(sync.search('Member').map((hit) => hit.uid).sort()).toEqual(['m1', 'm2', 'm4']);
    expect(sync.getSnapshot().listAt!.getTime()).toBeGreaterThanOrEqual(listAt.getTime());
  });

  it('fetches the whole list again when the server says to start over', async () => {
    const { server, client: fake } = listServer([1, 2].map((n) => member(n)));
    const sync = new DoorSync(fake, 'tonight');
    await sync.refresh();
    server.members = [1, 2, 3].map((n) => member(n));
    server.changes.push('startOver');
    await sync.refresh();
    expect(server.asked.slice(1)).toEqual([{ since: expect.any(Date) }, {}, { cursor: '2' }]);
    expect(sync.search('Member').map((hit) => hit.uid)).toEqual(['m1', 'm2', 'm3']);
  });

  it('resumes a whole list where the signal interrupted it, keeping none of it until it is complete', async () => {
    const { server, query, client: fake } = listServer([1, 2, 3, 4, 5].map((n) => member(n)));
    query.mockImplementationOnce(query.getMockImplementation()!).mockImplementationOnce(async () => {
      throw new Error('No signal');
    });
    const sync = new DoorSync(fake, 'tonight');
    await sync.refresh();
    expect(sync.getSnapshot()).toMatchObject({ online: false, listAt: null, listProgress: { members: 2, of: 5 } });
    expect(sync.search('Member')).toEqual([]);
    await sync.refresh();
    // The page the signal lost is asked for again, the first one not.
    expect(query).toHaveBeenCalledTimes(4);
    expect(server.asked).toEqual([{}, { cursor: '2' }, { cursor: '4' }]);
    expect(sync.search('Member')).toHaveLength(5);
  });
});
