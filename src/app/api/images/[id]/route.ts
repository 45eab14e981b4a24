// GET /api/images/{id}?w=640: an image of the library resized to one of the site's widths, as
// WebP, rendered once and then served from the rendition cache (bounded on disk, shared in Cloud
// Storage if so set). Lounge images are for members only.
import { cookies } from 'next/headers';
import { getDocuments } from '@/server/documents/documents';
import { getFiles } from '@/server/files/files';
import { renderRendition } from '@/server/images/probe';
import { renditionCache, renditionName } from '@/server/images/rendition-cache';
import { isRenditionWidth } from '@/features/images/renditions';
import { Images } from '@/features/images/images';
import { isMembersOnly, seesMembersOnly } from '@/features/images/members-only';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

function notFound() {
  return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
}

async function get(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const width = Number(new URL(request.url).searchParams.get('w'));
  if (!isRenditionWidth(width)) return new Response('Unknown width', { status: 400 });
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(id)) return notFound();
  const image = (await getDocuments().collection(Images).doc(id).get()).data;
  if (!image) return notFound();

  const membersOnly = isMembersOnly(image);
  if (membersOnly) {
    const identity = await verifySession(getDocuments(), (await cookies()).get(SESSION_COOKIE)?.value);
    if (!seesMembersOnly(identity?.role)) return notFound();
  }

  const body = await renditionCache().get(renditionName(id, image.file.generation, width), async () => renderRendition((await getFiles().read(image.file.fullPath)).bytes, width));
  return new Response(Buffer.from(body), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(body.byteLength),
      // Members-only pictures never go into a shared cache (a CDN would hand them to anyone).
      'cache-control': membersOnly ? 'private, max-age=3600' : 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const GET = logged('/api/images/[id]', get);
