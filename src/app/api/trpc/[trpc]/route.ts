import { handleTrpcRequest, TRPC_ENDPOINT } from '@/app/_server/http';
import { createContext } from '@/app/_server/request-context';
import { logged, trpcProcedures } from '@/server/http/request-log';

export const dynamic = 'force-dynamic';

// Logged by the procedures' names (never their input): `door.scan`'s lines give the door's p95.
const handler = logged('/api/trpc', (request: Request) => handleTrpcRequest(request, () => createContext({ headers: request.headers })), {
  route: (request) => trpcProcedures(request, TRPC_ENDPOINT),
});

export { handler as GET, handler as POST };
