// GET /api/images/{id}?w=640: an image of the library resized to one of the site's widths, as
// WebP, rendered once and then served from the disk cache. Lounge images are for members only.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cookies } from 'next/headers';
import { env } from '@/server/env';
import { getDocuments } from '@/server/documents/documents';
import { getFiles } from '@/server/files/files';
import { renderRendition } from '@/server/images/probe';
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

  const cacheFile = join(env.DATA_DIR, 'cache', 'renditions', `${id}-${image.file.generation}-${width}.webp`);
  let body: Uint8Array;
  try {
    body = new Uint8Array(await readFile(cacheFile));
  } catch {
    const { bytes } = await getFiles().read(image.file.fullPath);
    body = await renderRendition(bytes, width);
    await mkdir(join(env.DATA_DIR, 'cache', 'renditions'), { recursive: true });
    const temporary = `${cacheFile}.${crypto.randomUUID()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, cacheFile);
  }
  return new Response(Buffer.from(body), {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(body.byteLength),
      'cache-control': membersOnly ? 'private, max-age=3600' : 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    },
  });
}

export const GET = logged('/api/images/[id]', get);
