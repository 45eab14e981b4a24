// GET /api/avatars/{uid}?v=…: a person's profile photo (512x512 WebP, as the server stored it),
// for the person and for staff (admins in the user list, the door checking a face). Nobody else:
// a photo is personal data. `v` names the photo, so a new one is a new URL and this one may be
// kept by the browser.
import { cookies } from 'next/headers';
import { getDocuments } from '@/server/documents/documents';
import { getFiles } from '@/server/files/files';
import { Users } from '@/features/identity/users';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { avatarSeenBy } from '@/features/identity/avatar-access';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

function notFound() {
  return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
}

async function get(_request: Request, { params }: { params: Promise<{ uid: string }> }) {
  const { uid } = await params;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(uid)) return notFound();
  const viewer = await verifySession(getDocuments(), (await cookies()).get(SESSION_COOKIE)?.value);
  if (!avatarSeenBy(viewer, uid)) return notFound();
  const path = (await getDocuments().collection(Users).doc(uid).get()).data?.avatarPath;
  if (!path) return notFound();
  const { bytes } = await getFiles().read(path);
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const GET = logged('/api/avatars/[uid]', get);
