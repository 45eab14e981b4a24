// The face the door shows is one the server stored for that person: a sign-in token's `picture`
// (which anyone sets through Firebase's own API, to another member's photo URL, say) never
// reaches the door list, the scan's verdict, the search by name or the member's own pass; nor
// does a photo URL an earlier version copied from such a token. On both backends. Beside the
// profile, whose photo the door shows, since the door sits below it.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDocuments } from '@/server/documents/embedded/sqlite-documents';
import type { Documents } from '@/server/documents/port';
import { passKeys } from '@/features/door/pass-keys';
import { DiskFiles } from '@/server/files/embedded/disk-files';
import { renderAvatar } from './avatar-image';
import { FakeAccounts } from '@/server/testing/fake-accounts';
import { standInDocuments } from '@/server/testing/firestore-stand-in';
import { addTestUser, testPerson } from '@/features/identity/test-users';
import { identityFromClaims } from '@/access/identity';
import { recordSignIn, Users } from '@/features/identity/users';
import { doorList } from '@/features/door/door-list';
import { searchAtDoor } from '@/features/door/door-search';
import { stepAt } from '@/features/door/pass-code';
import { passForPhone } from '@/features/door/passes';
import { scanCode } from '@/features/door/scanning';
import { addEvent, HOUR, person, phoneCode } from '@/features/door/test-door';
import { setAvatar } from './profile';

const root = mkdtempSync(join(tmpdir(), 'door-faces-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const SITE = 'http://localhost:3000';
const membership = { id: 'm', validFrom: new Date(NOW.getTime() - 24 * HOUR), validUntil: new Date(NOW.getTime() + 24 * HOUR) };

const backends: [string, () => Promise<{ documents: Documents; close: () => Promise<void> }>][] = [
  ['SQLite', async () => ({ documents: new SqliteDocuments(':memory:'), close: async () => {} })],
  ['the Firestore stand-in', standInDocuments],
];

describe.each(backends)('the face at the door (%s)', (_name, open) => {
  let documents: Documents;
  let close: () => Promise<void>;
  let adaPhoto: string;
  const keys = passKeys(new Uint8Array(randomBytes(32)));

  beforeEach(async () => {
    ({ documents, close } = await open());
    for (const uid of ['ada', 'bob']) await addTestUser(documents, { ...person(uid, 'user'), displayName: uid === 'ada' ? 'Ada Lovelace' : 'Bob Baker' }, { membership }, NOW);
    await addEvent(documents, 'tonight', NOW);
    const files = new DiskFiles(mkdtempSync(join(root, 'files-')), SITE);
    const picture = new Uint8Array(await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3fd3ff' } }).jpeg().toBuffer());
    const uploads = {
      async claim(upload: string, uid: string) {
        await files.put({ name: 'avatars', folder: 'avatars', maxBytes: 2 ** 21, contentTypes: ['image/jpeg'] }, `avatars/${uid}/${upload}`, picture, { contentType: 'image/jpeg' });
        return `avatars/${uid}/${upload}`;
      },
      discardAllOf: async () => {},
    };
    adaPhoto = (await setAvatar({ documents, accounts: new FakeAccounts(), files, uploads, render: renderAvatar, siteUrl: SITE }, person('ada', 'user'), { upload: 'upload' })).photoURL!;
  });

  afterEach(() => close());

  /** What each view of the door and the pass shows for `uid`. */
  async function faces(uid: string, query: string) {
    const list = await doorList({ documents, keys }, { eventId: 'tonight' }, NOW);
    const code = await phoneCode({ documents, keys }, uid, stepAt(NOW.getTime()));
    const scanned = await scanCode({ documents, keys }, person('door-1', 'scanner'), { eventId: 'tonight', mode: 'entry', code, nonce: `nonce-${uid}-0001`, source: 'camera', device: 'Door 1' }, NOW);
    const [hit] = await searchAtDoor(documents, { eventId: 'tonight', query }, NOW);
    const pass = await passForPhone({ documents, keys }, testPerson(uid), NOW);
    return {
      list: list.members.find((member) => member.uid === uid)?.photoURL,
      scan: scanned.member?.photoURL,
      search: hit?.photoURL,
      pass: pass.photoURL,
      name: [list.members.find((member) => member.uid === uid)?.name, scanned.member?.displayName, pass.displayName],
    };
  }

  it("shows Ada's own photo for Ada", async () => {
    expect(adaPhoto).toMatch(/^http:\/\/localhost:3000\/api\/avatars\/ada\?v=/);
    expect(await faces('ada', 'lovelace')).toMatchObject({ list: adaPhoto, scan: adaPhoto, search: adaPhoto, pass: adaPhoto });
  });

  it("shows no face for Bob when his token names Ada's photo and name", async () => {
    const token = { uid: 'bob', email: 'bob@example.org', email_verified: true, name: 'Ada Lovelace', picture: adaPhoto, role: 'user' };
    await recordSignIn(documents, identityFromClaims(token));
    expect(await faces('bob', 'baker')).toEqual({ list: null, scan: null, search: null, pass: null, name: ['Bob Baker', 'Bob Baker', 'Bob Baker'] });
  });

  it('shows no face for a photo URL an earlier version copied from a token', async () => {
    // As the old sign-in left it: Bob's own stored photo, and Ada's URL over it.
    await documents.collection(Users).doc('bob').update({ avatarPath: 'avatars/bob/0b1d.webp', photoURL: adaPhoto });
    expect(await faces('bob', 'baker')).toMatchObject({ list: null, scan: null, search: null, pass: null });
  });
});
