// tus resumable uploads (embedded backend). In the Firebase backend the browser uploads to
// Cloud Storage directly, and this route does not exist.
import type { NextRequest } from 'next/server';
import { env } from '@/server/env';
import { handleUploadRequest } from '@/server/files/embedded/tus-uploads';
import { getDocuments } from '@/server/documents/documents';
import { clientAddress } from '@/server/http/client-address';
import { limitRequest } from '@/server/http/rate-limit';
import { SESSION_COOKIE, verifySession } from '@/features/identity/session';
import { logged } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

/** The session cookie's account. */
function sessionIdentity(request: NextRequest) {
  return verifySession(getDocuments(), request.cookies.get(SESSION_COOKIE)?.value);
}

/** Uploads are limited per account, so one person cannot flood the disk or the server (decision 016). */
async function uploaderKey(request: NextRequest): Promise<string> {
  const identity = await sessionIdentity(request);
  return identity ? `account:${identity.uid}` : `address:${clientAddress(request.headers)}`;
}

async function handle(request: NextRequest): Promise<Response> {
  if (env.BACKEND !== 'embedded') return new Response('Not found', { status: 404 });
  // A browser's preflight carries no cookie and changes nothing.
  if (request.method !== 'OPTIONS') {
    const limited = await limitRequest('uploads', await uploaderKey(request), request);
    if (limited) return limited;
  }
  return handleUploadRequest(request, () => sessionIdentity(request));
}

const handler = logged('/api/uploads', handle);

export { handler as GET, handler as POST, handler as PATCH, handler as HEAD, handler as DELETE, handler as OPTIONS };
