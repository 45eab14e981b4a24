// GET: the embedded backend's download URLs (shaped like Firebase Storage's): the file's bytes
// when the token in the URL is one of the file's download tokens, 404 otherwise.
import { embeddedFiles } from '@/server/files/files';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

async function get(request: Request, { params }: { params: Promise<{ bucket: string; object: string }> }) {
  const files = embeddedFiles();
  const { bucket, object } = await params;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const path = decodeURIComponent(object);
  if (!files || bucket !== files.bucket || !(await files.hasToken(path, token))) {
    return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
  }
  const { bytes, metadata } = await files.read(path);
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': metadata.contentType,
      'content-length': String(metadata.size),
      // The token is the permission; a changed file gets a new path, so caching is safe.
      'cache-control': metadata.cacheControl ?? 'public, max-age=86400',
      etag: `"${metadata.md5Hash}"`,
      'x-content-type-options': 'nosniff',
    },
  });
}

export const GET = logged('/api/storage/v0/b/[bucket]/o/[object]', get);
