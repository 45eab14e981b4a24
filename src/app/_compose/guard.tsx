// The route guard of server components: a page checks its own row of the role table before it
// renders anything, whatever the proxy decided before it.
import 'server-only';
import type { ReactElement } from 'react';
import { redirect } from 'next/navigation';
import { localizedPath, type Locale } from '@/i18n/routing';
import { RETURN_PARAM } from '@/navigation/login-link';
import { pathFor, type RouteId } from '@/navigation/routes';
import { ForbiddenView } from './ForbiddenView';
import type { Identity } from '@/access/identity';
import { currentIdentity, decisionFor } from '@/features/identity/viewer';

export type GuardResult = { identity: Identity | null; denied?: undefined } | { identity?: undefined; denied: ReactElement };

/**
 * Signed out: redirects to /login with the route's path (built from the table with `params`) as
 * the return path. Signed in without the role: the 403 view to render instead of the page.
 */
export async function guardPage(id: RouteId, locale: Locale, params: Record<string, string> = {}): Promise<GuardResult> {
  const identity = await currentIdentity();
  const decision = decisionFor(id, identity);
  if (decision === 'sign-in') {
    const back = new URLSearchParams({ [RETURN_PARAM]: localizedPath(locale, pathFor(id, params)) });
    redirect(`${localizedPath(locale, '/login')}?${back}`);
  }
  if (decision === 'forbidden') return { denied: <ForbiddenView /> };
  return { identity };
}
