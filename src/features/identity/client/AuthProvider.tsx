'use client';
// Firebase Auth where someone signs in (/login, /confirm; specification: loading until the first
// auth callback, then signed in or signed out; an `initialized` flag once Firebase is set up), and
// the server session kept in step with it: a fresh sign-in starts one, a sign-out elsewhere ends
// it. Every other page knows who is signed in from the server (<ViewerProvider>) and loads no
// Firebase at all.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { onIdTokenChanged, signOut as firebaseSignOut, type Auth, type User } from 'firebase/auth';
import { trpc } from '@/trpc/client';
import { isRole, type Role } from '@/access/roles';
import { firebaseAuth } from '@/firebase-client/firebase-web';
import {
  deleteSession,
  isFreshToken,
  postSession,
  readSessionMarker,
  writeSessionMarker,
  type SessionOutcome,
} from './session-sync';

/** The signed-in person as the client knows them (specification: session user). */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export type SessionState = 'none' | 'pending' | 'ready' | 'failed';

export interface AuthState {
  /** True until the first auth-state callback. */
  loading: boolean;
  /** True once Firebase Auth is initialised. */
  initialized: boolean;
  /** Firebase could not be initialised (no config, offline on first visit). */
  unavailable: boolean;
  user: SessionUser | null;
  session: SessionState;
  /** The role the account's token claims; null without one. */
  role: Role | null;
  auth: Auth | null;
  signOut: () => Promise<void>;
  /** Resolves once the server session holds this account's sign-in (or could not be started). */
  waitForSession: (uid: string) => Promise<SessionOutcome>;
}

const AuthContext = createContext<AuthState | null>(null);

function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const [auth, setAuth] = useState<Auth | null>(null);
  const [loading, setLoading] = useState(true);
  const [unavailable, setUnavailable] = useState(false);
  const [user, setUser] = useState<SessionUser | null>(null);
  const [session, setSession] = useState<SessionState>('none');
  const [claimedRole, setClaimedRole] = useState<Role | null>(null);

  // One promise per account's sign-in: resolved when its POST /api/session has answered. A page
  // that just signed someone in waits on it before navigating, so the next request carries the
  // cookie. Cleared at sign-out, so a later sign-in never sees an old answer.
  const pending = useRef<{ uid: string; promise: Promise<SessionOutcome>; resolve: (outcome: SessionOutcome) => void } | null>(null);
  const sessionFor = useCallback((uid: string) => {
    if (pending.current?.uid !== uid) {
      let resolve!: (outcome: SessionOutcome) => void;
      const promise = new Promise<SessionOutcome>((done) => (resolve = done));
      pending.current = { uid, promise, resolve };
    }
    return pending.current;
  }, []);
  const settle = useCallback((uid: string | null, outcome: SessionOutcome) => {
    if (uid) sessionFor(uid).resolve(outcome);
    else {
      pending.current?.resolve(outcome);
      pending.current = null;
    }
  }, [sessionFor]);

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    firebaseAuth()
      .then((instance) => {
        if (cancelled) return;
        setAuth(instance);
        unsubscribe = onIdTokenChanged(instance, async (current) => {
          if (!current) {
            setUser(null);
            setClaimedRole(null);
            setSession('none');
            setLoading(false);
            settle(null, 'refused');
            // Signed out here or elsewhere: end the server session this browser still holds.
            if (readSessionMarker()) {
              writeSessionMarker(null);
              await deleteSession();
              await utils.invalidate();
              router.refresh();
            }
            return;
          }
          setUser(toSessionUser(current));
          setLoading(false);
          let token;
          try {
            token = await current.getIdTokenResult();
          } catch {
            await firebaseSignOut(instance);
            return;
          }
          setClaimedRole(isRole(token.claims.role) ? token.claims.role : null);
          if (!isFreshToken(token.issuedAtTime)) {
            if (readSessionMarker() === current.uid) {
              setSession('ready');
              settle(current.uid, 'ready');
            } else {
              // An old token may not start a session: get a new one, which calls back here.
              await current.getIdToken(true).catch(() => firebaseSignOut(instance));
            }
            return;
          }
          setSession('pending');
          const previous = readSessionMarker();
          const outcome = await postSession(token.token);
          if (outcome === 'ready') {
            writeSessionMarker(current.uid);
            setSession('ready');
            settle(current.uid, 'ready');
            if (previous !== current.uid) {
              await utils.invalidate();
              router.refresh();
            }
          } else if (outcome === 'refused') {
            // The server will not have this account (disabled or revoked): sign out here too.
            setSession('failed');
            settle(current.uid, outcome);
            await firebaseSignOut(instance);
            return;
          } else {
            setSession('failed');
          }
          settle(current.uid, outcome);
        });
      })
      .catch((error: unknown) => {
        console.error('Firebase Auth could not be initialised:', error);
        if (cancelled) return;
        setUnavailable(true);
        setLoading(false);
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, [router, settle, setSession, utils]);

  const signOut = useCallback(async () => {
    // The server session first, so no request after this point runs as the old account.
    writeSessionMarker(null);
    await deleteSession();
    if (auth) await firebaseSignOut(auth);
    await utils.invalidate();
    router.refresh();
  }, [auth, utils, router]);

  const waitForSession = useCallback((uid: string) => sessionFor(uid).promise, [sessionFor]);

  const value = useMemo<AuthState>(
    () => ({
      loading,
      initialized: auth !== null,
      unavailable,
      user,
      session,
      role: user ? claimedRole : null,
      auth,
      signOut,
      waitForSession,
    }),
    [loading, auth, unavailable, user, session, claimedRole, signOut, waitForSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return state;
}
