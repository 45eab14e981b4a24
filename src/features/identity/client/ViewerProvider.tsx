'use client';
// Who is signed in, as the server knows it: the root layout reads the session cookie and renders
// the person (or nobody) into this provider, so the header and every page know it on the first
// render, with no Firebase in the page. The role is checked against the server (a plain GET of
// identity.me, no tRPC client) while the page is open, so a change an admin makes reaches this browser without signing out; a session the server
// stops accepting (disabled, signed out everywhere) turns the page signed out. Firebase Auth is
// loaded only where someone signs in (<AuthProvider> on /login and /confirm), and at sign-out to
// end its sign-in on this device.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { forgetQueryCache } from '@/trpc/query-cache';
import { askWhileOpen } from '@/ui/poll';
import type { Role } from '@/access/roles';
import type { Viewer } from '@/navigation/access';
import { deleteSession, readSessionMarker, writeSessionMarker } from './session-sync';
import { fetchServerViewer, onServerViewerRefresh, type ServerViewer } from './server-viewer';
import type { ViewerPerson } from './viewer-person';

export interface ViewerState {
  person: ViewerPerson | null;
  /** The page was rendered without the person (the pass's shell): asking the server now. */
  loading: boolean;
  /** Ends the session here: the server's, then Firebase's sign-in on this device. */
  signOut: () => Promise<void>;
}

/** How often the role is checked against the server while the page is open. */
export const ROLE_REFRESH_MS = 15_000;

const ViewerContext = createContext<ViewerState | null>(null);

/**
 * `initial`: the person the server rendered the page for, null for nobody, or 'deferred' when the
 * page was rendered for no one in particular (the pass's shell, which the worker keeps for a door
 * without signal): then the person is asked of the server from the browser.
 */
export function ViewerProvider({ initial: rendered, children }: { initial: ViewerPerson | null | 'deferred'; children: ReactNode }) {
  const deferred = rendered === 'deferred';
  const initial = deferred ? null : rendered;
  const router = useRouter();
  const [signedOut, setSignedOut] = useState(false);
  // A new render of the layout (after sign-in or sign-out) brings the server's answer again.
  const [renderedFor, setRenderedFor] = useState(initial?.uid ?? null);
  if ((initial?.uid ?? null) !== renderedFor) {
    setRenderedFor(initial?.uid ?? null);
    setSignedOut(false);
  }

  const me = useServerViewer((deferred || initial !== null) && !signedOut, renderedFor);
  const serverRole = me.data?.role;
  const lastRole = useRef<Role | null | undefined>(undefined);
  useEffect(() => {
    if (serverRole === undefined) return;
    if (lastRole.current !== undefined && lastRole.current !== serverRole) router.refresh();
    lastRole.current = serverRole;
  }, [serverRole, router]);

  // The server no longer accepts the session: the page becomes signed out.
  const sessionLost = me.error === 'signed-out';
  useEffect(() => {
    if (sessionLost) router.refresh();
  }, [sessionLost, router]);

  const signOut = useCallback(async () => {
    // The server session first, so no request after this point runs as the old account.
    setSignedOut(true);
    writeSessionMarker(null);
    await deleteSession();
    // Firebase keeps its sign-in on the device (IndexedDB): ended too, or the next visit to
    // /login would sign the same person in again. Loaded only now.
    await import('@/firebase-client/firebase-web')
      .then(async ({ firebaseAuth }) => {
        const [{ signOut: firebaseSignOut }, auth] = await Promise.all([import('firebase/auth'), firebaseAuth()]);
        await firebaseSignOut(auth);
      })
      .catch((error: unknown) => console.error('Ending the Firebase sign-in on this device failed:', error));
    await forgetQueryCache();
    router.refresh();
  }, [router]);

  const value = useMemo<ViewerState>(() => {
    if (signedOut || sessionLost) return { person: null, loading: false, signOut };
    if (deferred) {
      if (me.data) return { person: { uid: me.data.uid, email: me.data.email, displayName: me.data.displayName, photoURL: me.data.photoURL, role: me.data.role }, loading: false, signOut };
      // Out of reach (the pass at a door without signal): the account this browser signed in
      // last, as the sign-in left it; its pass is on this device, and sign-out forgets both.
      const offline = me.error === 'unreachable' ? readSessionMarker() : null;
      return { person: offline ? { uid: offline, email: null, displayName: null, photoURL: null, role: null } : null, loading: me.isPending, signOut };
    }
    if (!initial) return { person: null, loading: false, signOut };
    // Name, photo and role as the server has them now: a change shows at once.
    const fresh = me.data?.uid === initial.uid ? me.data : null;
    return {
      person: fresh ? { uid: initial.uid, email: fresh.email, displayName: fresh.displayName, photoURL: fresh.photoURL, role: fresh.role } : initial,
      loading: false,
      signOut,
    };
  }, [deferred, initial, signedOut, sessionLost, me.data, me.isPending, me.error, signOut]);
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

interface ServerViewerQuery {
  /** The last person the server answered with. */
  data: ViewerPerson | undefined;
  /** Why the last question failed; cleared by the next answer. */
  error: Exclude<ServerViewer['status'], 'signed-in'> | undefined;
  isPending: boolean;
}

/**
 * The server's answer to "who is signed in", asked while `enabled`: at once, every
 * ROLE_REFRESH_MS, when the page comes back into view, and when a page asks for it
 * (refreshServerViewer). A plain fetch: no tRPC client on every page.
 */
function useServerViewer(enabled: boolean, renderedFor: string | null): ServerViewerQuery {
  // Answers belong to the render they were asked for: after a sign-in or sign-out the layout
  // renders again for someone else, and an old answer (or refusal) must not speak for them.
  const [answer, setAnswer] = useState<{ for: string | null; data?: ViewerPerson; error?: ServerViewerQuery['error'] }>({ for: renderedFor });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const ask = () =>
      void fetchServerViewer().then((reply) => {
        if (!live) return;
        if (reply.status === 'signed-in') setAnswer({ for: renderedFor, data: reply.person });
        else setAnswer((last) => ({ for: renderedFor, data: last.for === renderedFor ? last.data : undefined, error: reply.status }));
      });
    const stop = askWhileOpen(ask, ROLE_REFRESH_MS);
    const unlisten = onServerViewerRefresh(ask);
    return () => {
      live = false;
      stop();
      unlisten();
    };
  }, [enabled, renderedFor]);
  const data = answer.for === renderedFor ? answer.data : undefined;
  const error = answer.for === renderedFor ? answer.error : undefined;
  return { data, error, isPending: data === undefined && error === undefined };
}

export function useViewerState(): ViewerState {
  const state = useContext(ViewerContext);
  if (!state) throw new Error('useViewerState() needs a <ViewerProvider> above it.');
  return state;
}

/** Who is looking, for showing only the links a person may follow. */
export function useViewer(): Viewer & { loading: boolean } {
  const { person, loading } = useViewerState();
  return { signedIn: person !== null, role: person?.role ?? null, loading };
}
