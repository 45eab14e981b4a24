import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountStates, KEPT_ACCOUNTS, LOOKUP_LIMIT, sessionStillValid, type AccountState } from './account-states';
import { journalGeneration } from './journal-generation';

const enabled: AccountState = { disabled: false, validSince: null };

/** A lookup that answers when told to, recording what each call asked for. */
function controlledLookup() {
  const calls: { uids: string[]; answer: (states: Map<string, AccountState>) => void; fail: (error: Error) => void }[] = [];
  const lookup = (uids: string[]) =>
    new Promise<Map<string, AccountState>>((resolve, reject) => {
      calls.push({ uids, answer: resolve, fail: reject });
    });
  return { calls, lookup };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('account states in rounds', () => {
  it('asks at once when nothing is on its way, and answers null for an account that does not exist', async () => {
    const { calls, lookup } = controlledLookup();
    const state = accountStates(lookup);
    const answer = state('ada');
    expect(calls.map((call) => call.uids)).toEqual([['ada']]);
    calls[0]!.answer(new Map());
    expect(await answer).toBeNull();
  });

  it('never answers a request from a lookup that left before it arrived', async () => {
    const { calls, lookup } = controlledLookup();
    const state = accountStates(lookup);
    const first = state('ada');
    // Ada is disabled now; the lookup on its way may have read her before that.
    const second = state('ada');
    expect(calls).toHaveLength(1);
    calls[0]!.answer(new Map([['ada', enabled]]));
    expect(await first).toEqual(enabled);
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map([['ada', { disabled: true, validSince: null }]]));
    expect(await second).toEqual({ disabled: true, validSince: null });
  });

  it('serves everyone who waited during a lookup with one more lookup, each account asked once', async () => {
    const { calls, lookup } = controlledLookup();
    const state = accountStates(lookup);
    const first = state('door');
    const waiting = [state('door'), state('door'), state('bar'), state('door')];
    calls[0]!.answer(new Map([['door', enabled]]));
    await first;
    await tick();
    expect(calls.map((call) => call.uids)).toEqual([['door'], ['door', 'bar']]);
    calls[1]!.answer(new Map([['door', enabled]]));
    expect(await Promise.all(waiting)).toEqual([enabled, enabled, null, enabled]);
  });

  it('asks for at most 100 accounts per call', async () => {
    const { calls, lookup } = controlledLookup();
    const state = accountStates(lookup);
    const first = state('first');
    const many = Array.from({ length: LOOKUP_LIMIT + 5 }, (_, index) => state(`user-${index}`));
    calls[0]!.answer(new Map());
    await first;
    await tick();
    expect(calls.slice(1).map((call) => call.uids.length)).toEqual([LOOKUP_LIMIT, 5]);
    for (const call of calls.slice(1)) call.answer(new Map(call.uids.map((uid) => [uid, enabled])));
    expect(await Promise.all(many)).toHaveLength(LOOKUP_LIMIT + 5);
  });

  it('never leaves a request waiting that arrives just as the last round ends', async () => {
    const state = accountStates(async (uids) => new Map(uids.map((uid) => [uid, enabled] as const)));
    // Each request is made from the previous one's continuation, the moment the round answers it.
    for (let index = 0; index < 50; index++) expect(await state(`user-${index}`)).toEqual(enabled);
  });

  it('a failed lookup fails its own requests only, and the next round asks again', async () => {
    const { calls, lookup } = controlledLookup();
    const state = accountStates(lookup);
    const failing = state('ada');
    calls[0]!.fail(new Error('Firebase Auth is unreachable'));
    await expect(failing).rejects.toThrow('unreachable');
    const later = state('ada');
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map([['ada', enabled]]));
    expect(await later).toEqual(enabled);
  });
});

describe('account states reused within a generation', () => {
  const disabled: AccountState = { disabled: true, validSince: null };

  it('answers again from the last lookup while the generation stays, and asks once it moves', async () => {
    const { calls, lookup } = controlledLookup();
    let generation = 'g1';
    const state = accountStates(lookup, () => generation);
    const first = state('ada');
    calls[0]!.answer(new Map([['ada', enabled]]));
    expect(await first).toEqual(enabled);
    expect(await state('ada')).toEqual(enabled);
    expect(calls).toHaveLength(1);
    // Ada was disabled, and the journal recorded it before acknowledging: the next request asks.
    generation = 'g2';
    const next = state('ada');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map([['ada', disabled]]));
    expect(await next).toEqual(disabled);
    expect(await state('ada')).toEqual(disabled);
    expect(calls).toHaveLength(2);
  });

  it('keeps an answer with the generation read before its lookup began, so a change during it is not hidden', async () => {
    const { calls, lookup } = controlledLookup();
    let generation = 'g1';
    const state = accountStates(lookup, () => generation);
    const first = state('ada');
    // Ada is disabled while the lookup is on its way; it may have read her before that.
    generation = 'g2';
    calls[0]!.answer(new Map([['ada', enabled]]));
    expect(await first).toEqual(enabled);
    const next = state('ada');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map([['ada', disabled]]));
    expect(await next).toEqual(disabled);
  });

  it('reuses nothing without a generation, nor a failed lookup, and keeps a missing account as missing', async () => {
    const { calls, lookup } = controlledLookup();
    const current: { generation?: string } = {};
    const state = accountStates(lookup, () => current.generation);
    const unknown = state('ada');
    calls[0]!.answer(new Map([['ada', enabled]]));
    await unknown;
    const again = state('ada');
    await tick();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map([['ada', enabled]]));
    await again;

    current.generation = 'g1';
    const failing = state('ada');
    await tick();
    calls[2]!.fail(new Error('unreachable'));
    await expect(failing).rejects.toThrow('unreachable');
    const retried = state('ada');
    await tick();
    expect(calls).toHaveLength(4);
    calls[3]!.answer(new Map());
    expect(await retried).toBeNull();
    expect(await state('ada')).toBeNull();
    expect(calls).toHaveLength(4);
  });

  it(`starts over past ${KEPT_ACCOUNTS} kept accounts`, async () => {
    const lookup = async (uids: string[]) => new Map(uids.map((uid) => [uid, enabled] as const));
    let asked = 0;
    const state = accountStates(
      async (uids) => {
        asked += uids.length;
        return lookup(uids);
      },
      () => 'g1',
    );
    for (let index = 0; index < KEPT_ACCOUNTS; index++) await state(`user-${index}`);
    await state('user-0');
    expect(asked).toBe(KEPT_ACCOUNTS);
    await state('one-more');
    await state('user-0');
    expect(asked).toBe(KEPT_ACCOUNTS + 2);
  });
});

describe('journalGeneration', () => {
  it("moves whenever the journal replaces its snapshot, and is unknown while there is none", () => {
    const folder = mkdtempSync(join(tmpdir(), 'journal-generation-'));
    const file = join(folder, 'accounts.json');
    const generation = journalGeneration(file);
    expect(generation()).toBeUndefined();
    writeFileSync(file, '{"users":[]}');
    const first = generation();
    expect(first).toBeDefined();
    expect(generation()).toBe(first);
    // As the journal writes: a new file renamed over the old one, even with the same length.
    writeFileSync(`${file}.tmp`, '{"users":[1]}'.slice(0, 13));
    renameSync(`${file}.tmp`, file);
    expect(generation()).not.toBe(first);
  });
});

describe('sessionStillValid', () => {
  const signedInAt = Date.parse('2026-11-23T20:00:00Z') / 1000;

  it('refuses a missing or disabled account', () => {
    expect(sessionStillValid(null, signedInAt)).toBe(false);
    expect(sessionStillValid({ disabled: true, validSince: null }, signedInAt)).toBe(false);
  });

  it('refuses a sign-in from before "sign out everywhere", and accepts one from after it', () => {
    const revokedAt = new Date('2026-11-23T21:00:00Z');
    expect(sessionStillValid({ disabled: false, validSince: revokedAt }, signedInAt)).toBe(false);
    expect(sessionStillValid({ disabled: false, validSince: revokedAt }, revokedAt.getTime() / 1000)).toBe(true);
    expect(sessionStillValid(enabled, signedInAt)).toBe(true);
  });
});
