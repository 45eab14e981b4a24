import { describe, expect, it } from 'vitest';
import { accountStates, LOOKUP_LIMIT, sessionStillValid, type AccountState } from './account-states';

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
