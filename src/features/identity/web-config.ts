// The Firebase web app's public configuration, served at runtime (GET /api/auth/config) so one
// build runs against any project or emulator. Nothing in it is secret.
import { z } from 'zod';

export const FirebaseWebConfig = z.object({
  /** Which backend serves live reads and uploads: the browser reads it to pick its adapters. */
  backend: z.enum(['embedded', 'firebase']),
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  appId: z.string().min(1).optional(),
  storageBucket: z.string().min(1).optional(),
  messagingSenderId: z.string().min(1).optional(),
  /** Embedded backend: the Auth emulator's URL as the browser reaches it. */
  authEmulatorUrl: z.url().optional(),
});
export type FirebaseWebConfig = z.infer<typeof FirebaseWebConfig>;
