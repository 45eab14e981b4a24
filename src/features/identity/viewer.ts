// The signed-in person behind the current request, for server components and the proxy: one
// verification per request, from the session cookie only.
import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { getDocuments } from '@/server/documents/documents';
import { accessDecision, routeById, type AccessDecision, type RouteId } from '@/navigation/routes';
import type { Identity } from '@/access/identity';
import { SESSION_COOKIE, verifySession } from './session';

export const currentIdentity = cache(async (): Promise<Identity | null> => {
  const cookie = (await cookies()).get(SESSION_COOKIE)?.value;
  return verifySession(getDocuments(), cookie);
});

export function decisionFor(id: RouteId, identity: Identity | null): AccessDecision {
  return accessDecision(routeById(id).access, { signedIn: identity !== null, role: identity?.role ?? null });
}
