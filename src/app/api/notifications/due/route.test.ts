// The cron endpoint: without its secret configured it does not exist; with it, only a caller
// presenting it runs the scheduler's round.
import { afterEach, describe, expect, it, vi } from 'vitest';

const deliverDue = vi.fn(async () => ({ sent: 1, failed: 0 }));
vi.mock('@/features/notifications/delivery', () => ({ deliverDue }));
vi.mock('@/server/documents/documents', () => ({ getDocuments: () => ({}) }));
vi.mock('@/server/push/push', () => ({ getPush: () => ({}) }));

const SECRET = 'a-cron-secret-of-at-least-32-characters';

async function post(authorization?: string) {
  const { POST } = await import('./route');
  return POST(new Request('http://localhost/api/notifications/due', { method: 'POST', headers: authorization ? { authorization } : {} }));
}

describe('POST /api/notifications/due', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    deliverDue.mockClear();
  });

  it('does not exist without NOTIFICATIONS_CRON_SECRET', async () => {
    expect((await post(`Bearer ${SECRET}`)).status).toBe(404);
    expect(deliverDue).not.toHaveBeenCalled();
  });

  it('refuses a missing or wrong secret, and runs the round for the right one', async () => {
    vi.stubEnv('NOTIFICATIONS_CRON_SECRET', SECRET);
    expect((await post()).status).toBe(401);
    expect((await post(`Bearer ${SECRET}x`)).status).toBe(401);
    expect((await post(`Bearer ${SECRET.slice(0, -1)}X`)).status).toBe(401);
    expect(deliverDue).not.toHaveBeenCalled();
    const ok = await post(`Bearer ${SECRET}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ sent: 1, failed: 0 });
    expect(deliverDue).toHaveBeenCalledTimes(1);
  });
});
