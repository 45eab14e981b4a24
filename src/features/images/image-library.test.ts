import { AuditLog } from '@/features/identity/audit';
import type { Identity } from '@/access/identity';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { FILE_USES } from '@/server/files/uses';
import type { UploadClaims } from '@/server/files/uploads';
import { FilesError } from '@/server/files/port';
import { probeImage } from '@/server/images/probe';
import { addImage, listImages, removeImage, updateImage, type CoverHolders, type ImagePorts } from './image-library';
import { backfillLounge, listLounge, LoungeImages } from './lounge';
import { testPerson } from '@/features/identity/test-users';

/** An image added without alt texts, as the procedure hands it over. */
const NO_ALT = { en: '', de: '' };

const root = mkdtempSync(join(tmpdir(), 'images-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function png(width: number, height: number) {
  return new Uint8Array(await sharp({ create: { width, height, channels: 3, background: '#ffefc1' } }).png().toBuffer());
}

/** A library that no event shows: the events' own holders are tested with them (src/features/events). */
const noCovers: CoverHolders = { showing: async () => null, refreshAlt: async () => {} };

const admin = testPerson('admin-1', 'admin');
const remover: Identity = { uid: 'admin-2', email: 'other@example.org', emailVerified: true, displayName: 'Other admin', photoURL: null, role: 'admin' };

describe('image library', () => {
  let ports: ImagePorts;
  let staged: Map<string, Uint8Array>;
  let count = 0;

  beforeEach(() => {
    count += 1;
    staged = new Map();
    const files = new DiskFiles(join(root, `store-${count}`), 'http://localhost:3000');
    // Stands in for tus: a finished upload is put into the files port under the use's folder.
    const uploads: UploadClaims = {
      discardAllOf: async () => {},
      async claim(upload, uid, use) {
        const bytes = staged.get(upload);
        if (!bytes || uid !== 'admin-1') throw new FilesError('unauthorized', 'not yours');
        const path = `${use.folder}/${upload}`;
        await files.put(use, path, bytes, { contentType: 'image/png', customMetadata: { uploaderUid: uid } });
        return path;
      },
    };
    ports = { documents: new SqliteDocuments(':memory:'), files, uploads, probe: probeImage };
  });

  it('registers a finished upload with its size in pixels, metadata, alt texts and tags', async () => {
    staged.set('u1', await png(64, 48));
    const image = await addImage(ports, admin, { upload: 'u1', alt: { en: 'The stage', de: 'Die Bühne' }, tags: ['gallery', 'gallery'] });
    expect(image).toMatchObject({ width: 64, height: 48, alt: { en: 'The stage', de: 'Die Bühne' }, tags: ['gallery'], uploaderUid: 'admin-1' });
    expect(image.file).toMatchObject({ fullPath: 'images/u1', contentType: 'image/png', size: staged.get('u1')!.byteLength });
    expect(image.url).toContain('/o/images%2Fu1?alt=media&token=');
    expect((await listImages(ports.documents, {})).map((listed) => listed.id)).toEqual([image.id]);
  });

  it('filters by tag and lists the newest first', async () => {
    staged.set('a', await png(10, 10));
    staged.set('b', await png(20, 10));
    const first = await addImage(ports, admin, { upload: 'a', tags: ['cover'], alt: NO_ALT });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await addImage(ports, admin, { upload: 'b', tags: ['lounge', 'cover'], alt: NO_ALT });
    expect((await listImages(ports.documents, {})).map((image) => image.id)).toEqual([second.id, first.id]);
    expect((await listImages(ports.documents, { tag: 'lounge' })).map((image) => image.id)).toEqual([second.id]);
    expect(await listImages(ports.documents, { tag: 'gallery' })).toEqual([]);
  });

  it('edits alt texts and tags, recording who did, and removes the image with its file', async () => {
    staged.set('c', await png(8, 8));
    const image = await addImage(ports, admin, { upload: 'c', alt: NO_ALT, tags: [] });
    expect(image.updatedBy).toBeNull();
    await updateImage(ports.documents, noCovers, remover, { id: image.id, alt: { en: 'Bar', de: 'Bar' }, tags: ['lounge'] });
    expect((await listImages(ports.documents, {}))[0]).toMatchObject({ alt: { en: 'Bar', de: 'Bar' }, tags: ['lounge'], uploaderUid: 'admin-1', updatedBy: 'admin-2' });
    await removeImage(ports, noCovers, remover, { id: image.id });
    expect(await listImages(ports.documents, {})).toEqual([]);
    // Audited in the removal's own transaction, on the uploader's history.
    const audit = await ports.documents.collection(AuditLog).where('targetUid', '==', 'admin-1').get();
    expect(audit.map((entry) => entry.data)).toEqual([expect.objectContaining({ action: 'imageRemoved', actorUid: 'admin-2', imageId: image.id })]);
    await expect(ports.files.metadata('images/c')).rejects.toMatchObject({ code: 'object-not-found' });
    await expect(removeImage(ports, noCovers, remover, { id: image.id })).rejects.toMatchObject({ kind: 'not-found', reason: 'imageNotFound' });
    await expect(updateImage(ports.documents, noCovers, admin, { id: 'nope', tags: [] })).rejects.toMatchObject({ reason: 'imageNotFound' });
  });

  it('asks what shows the image as its cover: a cover is neither removed nor hidden in the lounge, and its alt texts follow', async () => {
    staged.set('h', await png(8, 8));
    const image = await addImage(ports, admin, { upload: 'h', alt: NO_ALT, tags: ['cover'] });
    const refreshed: [string, unknown][] = [];
    const shownBy: CoverHolders = { showing: async () => ({ en: 'Jazz night', de: 'Jazzabend' }), refreshAlt: async (_tx, _documents, id, alt) => void refreshed.push([id, alt]) };
    await expect(removeImage(ports, shownBy, remover, { id: image.id }, 'de')).rejects.toMatchObject({ kind: 'conflict', reason: 'imageIsCover', params: { event: 'Jazzabend' } });
    await expect(updateImage(ports.documents, shownBy, admin, { id: image.id, tags: ['lounge'] }, 'en')).rejects.toMatchObject({ kind: 'conflict', reason: 'coverToLounge', params: { event: 'Jazz night' } });
    await updateImage(ports.documents, shownBy, admin, { id: image.id, alt: { en: 'Stage', de: 'Bühne' } });
    expect(refreshed).toEqual([[image.id, { en: 'Stage', de: 'Bühne' }]]);
    expect((await listImages(ports.documents, {})).map((listed) => [listed.id, listed.tags])).toEqual([[image.id, ['cover']]]);
  });

  it('keeps the lounge equal to the members-only pictures, with only what the lounge shows', async () => {
    staged.set('e', await png(30, 20));
    staged.set('f', await png(12, 12));
    const lounge = await addImage(ports, admin, { upload: 'e', alt: { en: 'Sofas', de: 'Sofas' }, tags: ['lounge'] });
    const stage = await addImage(ports, admin, { upload: 'f', tags: ['gallery'], alt: NO_ALT });
    const shown = await listLounge(ports.documents);
    expect(shown).toEqual([{ id: lounge.id, width: 30, height: 20, alt: { en: 'Sofas', de: 'Sofas' }, createdAt: lounge.createdAt }]);
    // Neither who uploaded it nor the original's download link reach members.
    expect(Object.keys(shown[0]!)).not.toContain('url');

    await updateImage(ports.documents, noCovers, admin, { id: stage.id, tags: ['gallery', 'lounge'] });
    await updateImage(ports.documents, noCovers, admin, { id: lounge.id, alt: { en: 'Soft sofas', de: 'Weiche Sofas' } });
    expect((await listLounge(ports.documents)).map((image) => [image.id, image.alt.en])).toEqual([
      [stage.id, ''],
      [lounge.id, 'Soft sofas'],
    ]);
    await updateImage(ports.documents, noCovers, admin, { id: stage.id, tags: ['gallery'] });
    await removeImage(ports, noCovers, remover, { id: lounge.id });
    expect(await listLounge(ports.documents)).toEqual([]);
  });

  it('builds the lounge of an older database once, dropping what no longer belongs', async () => {
    staged.set('g', await png(10, 10));
    const image = await addImage(ports, admin, { upload: 'g', tags: ['lounge'], alt: NO_ALT });
    // As an earlier version left it: no lounge document for the picture, a stray one for nothing.
    await ports.documents.collection(LoungeImages).doc(image.id).delete();
    await ports.documents.collection(LoungeImages).doc('gone').set({ width: 1, height: 1, alt: { en: '', de: '' }, createdAt: new Date() });
    expect(await backfillLounge(ports.documents)).toBe(2);
    expect((await listLounge(ports.documents)).map((shown) => shown.id)).toEqual([image.id]);
    expect(await backfillLounge(ports.documents)).toBe(0);
  });

  it('refuses a file that is not an image as such (400), whatever its name, and lists nothing', async () => {
    staged.set('text', new TextEncoder().encode('not a picture at all'));
    await expect(addImage(ports, admin, { upload: 'text', alt: NO_ALT, tags: [] })).rejects.toMatchObject({ kind: 'invalid', reason: 'notAnImage' });
    expect(await listImages(ports.documents, {})).toEqual([]);
  });

  it("refuses someone else's upload and lists nothing", async () => {
    staged.set('d', await png(8, 8));
    // The client's mistake, answered as such (400), not as a server failure.
    await expect(addImage(ports, testPerson('intruder', 'admin'), { upload: 'd', alt: NO_ALT, tags: [] })).rejects.toMatchObject({ kind: 'invalid', reason: 'uploadNotUsable' });
    expect(await listImages(ports.documents, {})).toEqual([]);
    expect(FILE_USES.images.folder).toBe('images');
  });
});
