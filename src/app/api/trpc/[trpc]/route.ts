import { handleTrpcRequest } from '@/app/_server/http';
import { createContext } from '@/app/_server/request-context';

export const dynamic = 'force-dynamic';

function handler(request: Request) {
  return handleTrpcRequest(request, () => createContext({ headers: request.headers }));
}

export { handler as GET, handler as POST };
