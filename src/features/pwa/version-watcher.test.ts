// New-version detection reads the server's build id from health.check with a plain GET.
import { describe, expect, it, vi } from 'vitest';
import { serverBuildId } from './VersionWatcher';

describe('serverBuildId', () => {
  it("reads the build id from tRPC's superjson answer", async () => {
    const body = { result: { data: { json: { status: 'ok', buildId: 'b-2', backend: 'embedded', time: '2026-01-01T00:00:00.000Z' }, meta: { values: { time: ['Date'] } } } } };
    const fetcher = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body)));
    await expect(serverBuildId(fetcher)).resolves.toBe('b-2');
    expect(fetcher).toHaveBeenCalledWith('/api/trpc/health.check', expect.objectContaining({ cache: 'no-store' }));
  });

  it('has no answer offline or from a failing server', async () => {
    await expect(serverBuildId(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('offline'))))).resolves.toBeNull();
    await expect(serverBuildId(vi.fn<typeof fetch>(async () => new Response('oops', { status: 500 })))).resolves.toBeNull();
  });
});
