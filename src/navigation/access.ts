// Who may open a route, apart from the route table (./routes.ts): what the browser's navigation
// and member-only controls need, so a page's first load carries none of the table (decision 027).
import type { Role } from '@/access/roles';

/** Who may open a route: everyone, or a signed-in person holding one of the roles. */
export type Access = 'public' | readonly Role[];

/** Who may open the VIP area (members, and staff for their work). */
export const MEMBER_AREA = ['user', 'admin', 'scanner'] as const satisfies readonly Role[];

export function canAccess(access: Access, role: Role | null | undefined, signedIn: boolean): boolean {
  if (access === 'public') return true;
  return signedIn && role != null && access.includes(role);
}

/** What the guards do with a request for a route: show it, send to /login, or answer 403. */
export type AccessDecision = 'allow' | 'sign-in' | 'forbidden';

export function accessDecision(access: Access, viewer: Viewer): AccessDecision {
  if (canAccess(access, viewer.role, viewer.signedIn)) return 'allow';
  return viewer.signedIn ? 'forbidden' : 'sign-in';
}

/** Who is looking: what the guards decide on. */
export interface Viewer {
  signedIn: boolean;
  role: Role | null;
}
