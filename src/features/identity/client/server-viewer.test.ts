// The header's "who is signed in" question, asked with a plain GET of identity.me: what each of
// the server's answers (and no answer) means for the page.
import { describe, expect, it, vi } from 'vitest';
import { fetchServerViewer, IDENTITY_ME_PATH, onServerViewerRefresh, refreshServerViewer } from './server-viewer';

const answer = (status: number, body: unknown) => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('fetchServerViewer', () => {
  it("reads the person from tRPC's superjson answer", async () => {
    const fetcher = answer(200, { result: { data: { json: { uid: 'u1', email: 'a@example.org', emailVerified: true, displayName: 'Ada', photoURL: null, role: 'admin' } } } });
    await expect(fetchServerViewer(fetcher)).resolves.toEqual({
      status: 'signed-in',
      person: { uid: 'u1', email: 'a@example.org', displayName: 'Ada', photoURL: null, role: 'admin' },
    });
    expect(fetcher).toHaveBeenCalledWith(IDENTITY_ME_PATH, expect.objectContaining({ cache: 'no-store' }));
  });

  it("sends the page's language, which the server keeps as the person's", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'de' } });
    try {
      const fetcher = answer(401, {});
      await fetchServerViewer(fetcher);
      expect(fetcher).toHaveBeenCalledWith(IDENTITY_ME_PATH, expect.objectContaining({ headers: { accept: 'application/json', 'x-locale': 'de' } }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes a refused session for signed out', async () => {
    const fetcher = answer(401, { error: { json: { message: 'no', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } } });
    await expect(fetchServerViewer(fetcher)).resolves.toEqual({ status: 'signed-out' });
  });

  it('tells no answer (offline) from an error the server reported', async () => {
    await expect(fetchServerViewer(vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))))).resolves.toEqual({ status: 'unreachable' });
    await expect(fetchServerViewer(answer(502, 'Bad gateway'))).resolves.toEqual({ status: 'unreachable' });
    await expect(fetchServerViewer(answer(500, { error: { json: { message: 'x', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR' } } } }))).resolves.toEqual({ status: 'failed' });
  });

  it('asks every listener again when a page changed what the header shows', () => {
    const listener = vi.fn();
    const stop = onServerViewerRefresh(listener);
    refreshServerViewer();
    stop();
    refreshServerViewer();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
