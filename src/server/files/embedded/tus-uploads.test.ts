// The real tus server of the embedded backend, reached as the upload route reaches it: uploads are
// owned by the account that started them, bounded by a quota per use, closed for avatars, and
// removed when they expire. Sessions are replaced by a cookie naming the account.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Identity } from '@/access/identity';
import { FILE_USES } from '../uses';

const { dataDir } = await vi.hoisted(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dataDir = mkdtempSync(join(tmpdir(), 'tus-uploads-'));
  process.env.DATA_DIR = dataDir;
  return { dataDir };
});

const people: Record<string, Identity> = Object.fromEntries(
  (['admin-a', 'admin-b', 'admin-quota', 'admin-bytes', 'member', 'guest'] as const).map((uid) => [
    uid,
    { uid, email: `${uid}@example.org`, emailVerified: true, displayName: uid, photoURL: null, role: uid === 'member' ? 'user' : uid === 'guest' ? null : 'admin' },
  ]),
);

/** The session cookie names the account, as the upload route's verified session would. */
const identify = async (incoming: Request) => people[incoming.headers.get('cookie')?.split('=')[1] ?? ''] ?? null;

const { createTusUploads, handleUploadRequest, tusUploadClaims } = await import('./tus-uploads');
const send = (incoming: Request) => handleUploadRequest(incoming, identify);
const { DiskFiles } = await import('./disk-files');

const base64 = (value: string) => Buffer.from(value).toString('base64');

function request(uid: string | null, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', origin: 'http://localhost', host: 'localhost', ...(uid ? { cookie: `__session=${uid}` } : {}), ...headers },
    body: body as BodyInit | undefined,
  });
}

function create(uid: string, { use = 'images', size = 4, filetype = 'image/png', extra = '' } = {}) {
  const metadata = `use ${base64(use)},filetype ${base64(filetype)},filename ${base64('x.png')}${extra}`;
  return send(request(uid, 'POST', '/api/uploads', { 'upload-length': String(size), 'upload-metadata': metadata }));
}

afterAll(() => (globalThis as { __venueTus?: { close(): void } }).__venueTus?.close());

describe('tus uploads are owned', () => {
  it('lets only the account that started an upload read, continue or cancel it', async () => {
    // The client claims to be someone else in the metadata: the server records who it really is.
    const created = await create('admin-a', { extra: `,uploaderUid ${base64('admin-b')}` });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;

    const patch = (uid: string) =>
      send(
        request(uid, 'PATCH', location, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, new Uint8Array([1, 2])),
      );
    // Another admin, even one the client's metadata named, gets nothing of it.
    expect((await send(request('admin-b', 'HEAD', location))).status).toBe(404);
    expect((await patch('admin-b')).status).toBe(404);
    expect((await send(request('admin-b', 'GET', location))).status).toBe(404);
    expect((await send(request('admin-b', 'DELETE', location))).status).toBe(404);
    expect((await send(request(null, 'HEAD', location))).status).toBe(401);

    // The upload is untouched and still its owner's.
    expect((await patch('admin-a')).status).toBe(204);
    const head = await send(request('admin-a', 'HEAD', location));
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('2');
    expect(head.headers.get('upload-metadata')).toContain(`uploaderUid ${base64('admin-a')}`);
    expect((await send(request('admin-a', 'DELETE', location))).status).toBe(204);
    expect(existsSync(join(dataDir, 'uploads', id))).toBe(false);
  });
});

describe('tus uploads are claimed', () => {
  it('refuses bytes that are not an image whatever the name says, and drops the upload at once', async () => {
    const text = new TextEncoder().encode('just text, named fake.png');
    const created = await create('admin-a', { size: text.byteLength });
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;
    const sent = await send(request('admin-a', 'PATCH', location, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, text));
    expect(sent.status).toBe(204);
    const claims = tusUploadClaims(new DiskFiles(mkdtempSync(join(tmpdir(), 'tus-claim-')), 'http://localhost'));
    await expect(claims.claim(id, 'admin-a', FILE_USES.images)).rejects.toMatchObject({ name: 'FilesError', code: 'invalid-content' });
    expect(existsSync(join(dataDir, 'uploads', id))).toBe(false);
  });
});

describe('tus uploads are bounded', () => {
  it(`refuses more than ${FILE_USES.images.quota.uploads} image uploads a day per account, with a clear message`, async () => {
    for (let i = 0; i < FILE_USES.images.quota.uploads; i++) expect((await create('admin-quota', { size: 1 })).status).toBe(201);
    const refused = await create('admin-quota', { size: 1 });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/^Upload quota for images reached: at most 300 uploads and 3072 MB a day per account/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // The quota is per account.
    expect((await create('admin-a', { size: 1 })).status).toBe(201);
  });

  it('refuses an upload that would take the account past its bytes for the day', async () => {
    const size = FILE_USES.images.maxBytes;
    const fit = Math.floor(FILE_USES.images.quota.bytes / size);
    for (let i = 0; i < fit; i++) expect((await create('admin-bytes', { size })).status).toBe(201);
    const refused = await create('admin-bytes', { size });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(`you have started ${fit}, ${Math.round((fit * size) / (1024 * 1024))} MB`);
  });

  it("takes profile photos from the VIP area's roles only, up to the avatar limit", async () => {
    expect(FILE_USES.avatars.open).toBe(true);
    for (const uid of ['member', 'admin-a']) expect((await create(uid, { use: 'avatars', filetype: 'image/jpeg' })).status, uid).toBe(201);
    const guest = await create('guest', { use: 'avatars', filetype: 'image/jpeg' });
    expect(guest.status).toBe(403);
    expect(await guest.text()).toBe('Your role may not upload these files.');
    const large = await create('member', { use: 'avatars', filetype: 'image/jpeg', size: FILE_USES.avatars.maxBytes + 1 });
    expect(large.status).toBe(413);
  });

  it("keeps one pending profile photo per account, as Firebase's rules do: the next upload replaces it", async () => {
    const uploadId = (created: Response) => created.headers.get('location')!.split('/').at(-1)!;
    const pending = () => create('admin-b', { use: 'avatars', filetype: 'image/jpeg' });
    const first = uploadId(await pending());
    const library = uploadId(await create('admin-b'));
    const someoneElse = uploadId(await create('member', { use: 'avatars', filetype: 'image/jpeg' }));
    const second = uploadId(await pending());
    expect(existsSync(join(dataDir, 'uploads', first))).toBe(false);
    expect((await send(request('admin-b', 'HEAD', `/api/uploads/${first}`))).status).toBe(404);
    // Only that use's upload of that account goes.
    for (const kept of [second, library, someoneElse]) expect(existsSync(join(dataDir, 'uploads', kept)), kept).toBe(true);
  });

  it('removes expired uploads on a timer, and at start', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'tus-expiry-'));
    const uploads = createTusUploads({ directory, expiryMs: 300, sweepEveryMs: 100 });
    const metadata = `use ${base64('images')},filetype ${base64('image/png')}`;
    const created = await uploads.handle(request('admin-a', 'POST', '/api/uploads', { 'upload-length': '10', 'upload-metadata': metadata }), identify);
    const location = created.headers.get('location')!;
    const id = location.split('/').at(-1)!;
    expect(existsSync(join(directory, id))).toBe(true);
    await expect.poll(() => existsSync(join(directory, id)), { timeout: 3000 }).toBe(false);
    expect((await uploads.handle(request('admin-a', 'HEAD', location), identify)).status).toBe(404);
    uploads.close();

    // An upload left over from before a restart goes at the next start, without waiting for the timer.
    const before = createTusUploads({ directory, sweepEveryMs: 3_600_000 });
    const left = await before.handle(request('admin-a', 'POST', '/api/uploads', { 'upload-length': '10', 'upload-metadata': metadata }), identify);
    const leftId = left.headers.get('location')!.split('/').at(-1)!;
    before.close();
    const later = createTusUploads({ directory, sweepEveryMs: 3_600_000, now: () => Date.now() + 25 * 3600 * 1000 });
    await expect.poll(() => existsSync(join(directory, leftId)), { timeout: 3000 }).toBe(false);
    later.close();
  });

  it("removes every upload an account started, finished or not, and no one else's", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'tus-account-'));
    const uploads = createTusUploads({ directory, sweepEveryMs: 3_600_000 });
    const start = async (uid: string, use: string, filetype: string) => {
      const metadata = `use ${base64(use)},filetype ${base64(filetype)}`;
      const created = await uploads.handle(request(uid, 'POST', '/api/uploads', { 'upload-length': '10', 'upload-metadata': metadata }), identify);
      return created.headers.get('location')!.split('/').at(-1)!;
    };
    // One of each use: a second profile photo would replace the first by itself.
    const own = [await start('admin-b', 'avatars', 'image/jpeg'), await start('admin-b', 'images', 'image/png')];
    const other = await start('admin-a', 'images', 'image/png');
    expect(await uploads.removeAllOf('admin-b')).toBe(2);
    for (const id of own) expect(existsSync(join(directory, id))).toBe(false);
    expect(existsSync(join(directory, other))).toBe(true);
    uploads.close();
  });
});
