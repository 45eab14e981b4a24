import { handleTrpcRequest } from '@/server/trpc/http';
import { createContext } from '@/server/trpc/context';

export const dynamic = 'force-dynamic';

function handler(request: Request) {
  return handleTrpcRequest(request, () => createContext({ headers: request.headers }));
}

export { handler as GET, handler as POST };
