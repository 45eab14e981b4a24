// tRPC context: built from plain values (tests build it directly); src/app/_server/request-context.ts
// builds it from an incoming request.
import 'server-only';
import { env, type Env } from '@/server/env';
import { getFiles } from '@/server/files/files';
import { storageUploadClaims } from '@/server/files/uploads';
import { tusUploadClaims } from '@/server/files/embedded/tus-uploads';
import type { Documents } from '@/server/documents/port';
import type { Accounts } from '@/server/accounts/port';
import { getAccounts } from '@/server/accounts/accounts';
import type { Files } from '@/server/files/port';
import type { UploadClaims } from '@/server/files/uploads';
import type { ImageProbe } from '@/server/images/probe';
import { unchangingPublicPages, type PublicPages } from '@/server/public-pages';
import { DEFAULT_LOCALE, type Locale } from '@/i18n/routing';
import type { Identity } from '@/access/identity';
import type { Push } from '@/server/push/port';
import { getPush } from '@/server/push/push';

export interface ContextInner {
  backend: Env['BACKEND'];
  locale: Locale;
  documents: Documents;
  accounts: Accounts;
  /** Files, finished uploads and image measuring: created on first use (most calls need none). */
  files: () => Files;
  uploads: () => UploadClaims;
  probe: ImageProbe;
  /**
   * Who is calling, verified from the session cookie; null when signed out. Resolved on first use
   * (by the signed-in and role levels), so public procedures cost no check against Firebase Auth.
   */
  resolveIdentity: () => Promise<Identity | null>;
  /**
   * Who is calling now, verified again from the same credentials (an open live stream asks every
   * STREAM_RECHECK_MS, src/server/live/stream-rechecks.ts): a role changed, an account disabled or
   * a session ended since the request began shows here, never in resolveIdentity's answer.
   */
  recheckIdentity: () => Promise<Identity | null>;
  /** Push messages to devices (Web Push or FCM by backend), created on first use. */
  push: () => Push;
  /** Cached public pages to render afresh after a change. */
  publicPages: PublicPages;
  /** Where the request came from, for per-client limits (open live streams). */
  clientAddress: string;
}

export interface ContextOptions {
  documents: Documents;
  accounts?: Accounts;
  files?: () => Files;
  uploads?: () => UploadClaims;
  probe?: ImageProbe;
  push?: () => Push;
  backend?: Env['BACKEND'];
  locale?: Locale;
  publicPages?: PublicPages;
  /** A known identity (tests), or how to find it (requests). */
  identity?: Identity | null | (() => Promise<Identity | null>);
  /** How to verify the identity again; by default `identity` asked again. */
  recheckIdentity?: () => Promise<Identity | null>;
  clientAddress?: string;
}

export function createContextInner(options: ContextOptions): ContextInner {
  const source = options.identity ?? null;
  let identity: Promise<Identity | null> | undefined;
  return {
    backend: options.backend ?? env.BACKEND,
    locale: options.locale ?? DEFAULT_LOCALE,
    documents: options.documents,
    accounts: options.accounts ?? getAccounts(),
    files: options.files ?? defaultFiles,
    uploads: options.uploads ?? defaultUploads,
    probe: options.probe ?? ((bytes) => import('@/server/images/probe').then(({ probeImage }) => probeImage(bytes))),
    push: options.push ?? getPush,
    publicPages: options.publicPages ?? unchangingPublicPages,
    clientAddress: options.clientAddress ?? 'unknown',
    resolveIdentity: () => (identity ??= typeof source === 'function' ? source() : Promise.resolve(source)),
    recheckIdentity: options.recheckIdentity ?? (typeof source === 'function' ? source : () => Promise.resolve(source)),
  };
}

export type Context = ContextInner;

function defaultFiles(): Files {
  return getFiles();
}

function defaultUploads(): UploadClaims {
  return env.BACKEND === 'embedded' ? tusUploadClaims(getFiles()) : storageUploadClaims(getFiles());
}
