// The Content-Security-Policy and the other headers every page carries (decision 014). Pure: the
// proxy builds them per request with a fresh nonce and the browser-facing backend config.

/**
 * The Firebase hosts a browser talks to in Firebase mode, written once: the policy below is built
 * from it, and so will be per-route policies.
 */
export const FIREBASE_BROWSER_HOSTS = {
  /**
   * Sign-in and token refresh (Auth), live lists (Firestore), uploads (Storage), and a device's
   * push registration in Firebase mode (Cloud Messaging's token, and the installation it needs).
   */
  connect: [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
    'https://firebasestorage.googleapis.com',
    'https://fcmregistrations.googleapis.com',
    'https://firebaseinstallations.googleapis.com',
  ],
  /**
   * Pictures by their Storage download URL; and Google's 1-pixel image that Firestore's WebChannel
   * transport loads to test the network when its connection fails (seen in the Firebase-mode
   * browser tests, where Firestore's realtime channel cannot be reached).
   */
  img: ['https://firebasestorage.googleapis.com', 'https://www.google.com'],
  /** The Google sign-in popup's helper script (loaded by the Auth SDK, so also 'strict-dynamic'). */
  script: ['https://apis.google.com'],
} as const;

/** Where the browser's Firebase lives: the local Auth emulator, or a Firebase project. */
export type BrowserBackend =
  | { backend: 'embedded'; authEmulatorUrl: string }
  /** With an Auth emulator only in emulator tests (env.ts refuses it with a real project). */
  | { backend: 'firebase'; authDomain: string; authEmulatorUrl?: string };

export interface PolicyOptions {
  /** Fresh per request, base64: Next.js puts it on its scripts, the layout on its inline one. */
  nonce: string;
  browser: BrowserBackend;
  /** Next's development server evaluates code (React's debug stacks, fast refresh). */
  development: boolean;
  /** The site is served over https: ask browsers to upgrade anything that is not. */
  https: boolean;
  /**
   * A page where someone signs in (/login, /confirm): only there may Google's sign-in script and
   * the Auth helper's frame load (decision 025); every other page allows neither.
   */
  signIn?: boolean;
}

function origin(url: string): string {
  return new URL(url).origin;
}

export function contentSecurityPolicy({ nonce, browser, development, https, signIn = false }: PolicyOptions): string {
  const firebase = browser.backend === 'firebase';
  // The Auth SDK frames its helper page: the emulator's, or the project's auth domain.
  const authFrame = firebase ? `https://${browser.authDomain}` : origin(browser.authEmulatorUrl);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Only scripts carrying this response's nonce, and what they load ('strict-dynamic': Next's
    // chunk loader). 'self' and the hosts are the fallback of browsers without CSP 3.
    // 'wasm-unsafe-eval': the scanner decodes with WebAssembly, and a page keeps the policy it was
    // loaded with while the app navigates to /scanner, so every page allows it (never JS eval).
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'wasm-unsafe-eval'",
      ...(firebase && signIn ? FIREBASE_BROWSER_HOSTS.script : []),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // React renders style attributes (crop previews, progress bars); styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(firebase ? FIREBASE_BROWSER_HOSTS.img : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(firebase ? FIREBASE_BROWSER_HOSTS.connect : []), ...(browser.authEmulatorUrl ? [origin(browser.authEmulatorUrl)] : [])],
    'frame-src': signIn ? [authFrame] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** One year; not `includeSubDomains`: other hosts of the venue's domain are not ours to decide. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The headers of a page response. */
export function pageSecurityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    // The Google sign-in popup reports back to its opener: a plain same-origin would cut it off.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(options.https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/** A nonce for one response: 128 random bits, base64 (what Next.js accepts in 'nonce-…'). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The request header through which the proxy hands the nonce to the layout. */
export const NONCE_HEADER = 'x-nonce';
/** The page's path, set by the proxy for the root layout (never taken from the client). */
export const PATH_HEADER = 'x-page-path';
