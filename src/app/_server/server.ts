// tRPC for server components: calls procedures directly, with the same context as HTTP requests.
import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { createContext } from './request-context';
import { createCaller } from './router';

export const getServerApi = cache(async () => createCaller(await createContext({ headers: await headers() })));
