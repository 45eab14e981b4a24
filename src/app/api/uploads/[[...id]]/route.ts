// tus resumable uploads (embedded backend). In the Firebase backend the browser uploads to
// Cloud Storage directly, and this route does not exist.
import { env } from '@/server/env';
import { handleUploadRequest } from '@/server/files/embedded/tus-uploads';

export const dynamic = 'force-dynamic';

function handle(request: Request): Promise<Response> | Response {
  if (env.BACKEND !== 'embedded') return new Response('Not found', { status: 404 });
  return handleUploadRequest(request);
}

export { handle as GET, handle as POST, handle as PATCH, handle as HEAD, handle as DELETE, handle as OPTIONS };
