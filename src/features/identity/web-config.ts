// The Firebase web app's public configuration, served at runtime (GET /api/auth/config) so one
// build runs against any project or emulator. Nothing in it is secret.
// zod/mini: this schema runs in every page's bundle, where the full zod would weigh far more.
import { z } from 'zod/mini';

const text = () => z.string().check(z.minLength(1));

export const FirebaseWebConfig = z.object({
  /** Which backend serves live reads and uploads: the browser reads it to pick its adapters. */
  backend: z.enum(['embedded', 'firebase']),
  apiKey: text(),
  authDomain: text(),
  projectId: text(),
  appId: z.optional(text()),
  storageBucket: z.optional(text()),
  messagingSenderId: z.optional(text()),
  /** Embedded backend: the Auth emulator's URL as the browser reaches it. */
  authEmulatorUrl: z.optional(z.url()),
  /**
   * Embedded backend opened to the network (EMBEDDED_ALLOW_NETWORK=1): every page warns. Read at
   * runtime because pages are prerendered and cached without knowing how the server was started.
   */
  demoOnNetwork: z.optional(z.boolean()),
});
export type FirebaseWebConfig = z.infer<typeof FirebaseWebConfig>;
