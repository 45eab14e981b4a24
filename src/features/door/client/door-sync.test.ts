// The door's link with the server, without a browser: a round with nothing to do leaves the next
// one free (a round that never ended once kept a door offline for good after the signal came
// back), and a request the server never answers is given up after its time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrpcClient } from '@/trpc/browser-client';
import type { DoorList } from '../door-list';
import { DoorSync } from './door-sync';

const LIST: DoorList = { eventId: 'tonight', at: new Date(), doorsAt: new Date(), endsAt: new Date(Date.now() + 3_600_000), members: [], refusedPasses: [] };

describe('the door’s link with the server', () => {
  const online = { value: true };
  beforeEach(() => {
    vi.stubGlobal('navigator', { get onLine() { return online.value; } });
    // No IndexedDB here: what the door keeps on disk fails quietly, as in a private window.
    vi.stubGlobal('indexedDB', undefined);
    online.value = true;
  });
  afterEach(() => vi.unstubAllGlobals());

  function client(answer: () => Promise<DoorList>) {
    const query = vi.fn(answer);
    return { query, client: { door: { list: { query } } } as unknown as TrpcClient };
  }

  it('starts a new round after one that had nothing to do', async () => {
    const { query, client: fake } = client(async () => ({ ...LIST, at: new Date() }));
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
      const { client: fake } = client(() => new Promise<DoorList>(() => undefined));
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
