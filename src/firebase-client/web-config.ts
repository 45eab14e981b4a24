// The Firebase web app's public configuration, rendered into every page by the root layout
// (src/server/firebase/web-config.ts builds it) so one build runs against any project or emulator.
// Nothing in it is secret.
export interface FirebaseWebConfig {
  /** Which backend serves live reads and uploads: the browser reads it to pick its adapters. */
  backend: 'embedded' | 'firebase';
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
  storageBucket?: string;
  messagingSenderId?: string;
  /** The Auth emulator's URL as the browser reaches it (embedded backend, emulator tests). */
  authEmulatorUrl?: string;
  /**
   * Who mails sign-in links, address confirmations and resets: `app` (the browser asks the
   * server's mail procedures) or `firebase` (the browser asks Firebase Auth, whose templates mail).
   */
  authMails: 'app' | 'firebase';
  /** Embedded backend opened to the network (EMBEDDED_ALLOW_NETWORK=1): every page warns. */
  demoOnNetwork?: boolean;
}
