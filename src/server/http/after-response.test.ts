// Work in a request: waited for up to its budget, then left to run on (after the answer).
import { describe, expect, it } from 'vitest';
import { workInRequest } from './after-response';

describe('work in a request', () => {
  it('waits for work that ends within the budget, and no longer than the budget for work that does not', async () => {
    let done = false;
    await workInRequest(new Promise((resolve) => setTimeout(resolve, 20)).then(() => (done = true)), 5_000, 'quick work');
    expect(done).toBe(true);
    let slowDone = false;
    const started = Date.now();
    const slow = new Promise((resolve) => setTimeout(resolve, 400)).then(() => (slowDone = true));
    await workInRequest(slow, 50, 'slow work');
    expect(Date.now() - started).toBeLessThan(350);
    expect(slowDone).toBe(false);
    await slow;
    expect(slowDone).toBe(true);
  });

  it('does not wait at all without a budget, and a failure is only logged', async () => {
    let done = false;
    await workInRequest(new Promise((resolve) => setTimeout(resolve, 20)).then(() => (done = true)), 0, 'later');
    expect(done).toBe(false);
    await workInRequest(Promise.reject(new Error('push service down')), 10, 'failing work');
  });
});
