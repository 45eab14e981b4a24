// Server environment, read and validated once. Import `env` instead of touching process.env.
import 'server-only';
import { z } from 'zod';
import { LOG_LEVELS } from './log';

export const EnvSchema = z
  .object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Which backend serves documents, files, live reads and push. */
  BACKEND: z.enum(['embedded', 'firebase']).default('embedded'),
  /** Public origin of the site, used for absolute links (sitemaps, e-mail links). */
  SITE_URL: z.url().default('http://localhost:3000'),
  /** Embedded backend: where documents and files live on disk. */
  DATA_DIR: z.string().min(1).default('.data'),
  /**
   * How long one live stream lasts before the browser opens the next (20 minutes). Behind a
   * platform that cuts requests (Cloud Run's request timeout), keep it below that timeout, so the
   * stream ends cleanly instead of being cut: deployment.md.
   */
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().int().min(60).max(3_600).default(1_200),
  /** Firebase backend: the project; credentials come from Application Default Credentials. */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  /** Firebase backend: the web app's public config (Firebase console, project settings). */
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_APP_ID: z.string().min(1).optional(),
  FIREBASE_STORAGE_BUCKET: z.string().min(1).optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().min(1).optional(),
  /** Firebase backend: the Web Push certificate's public key (Cloud Messaging settings) browsers subscribe with. */
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  /** Embedded backend: the Auth emulator as browsers reach it (default: http://FIREBASE_AUTH_EMULATOR_HOST). */
  AUTH_EMULATOR_URL: z.url().optional(),
  /**
   * firebase-admin's own switch to the Auth emulator (host:port). In Firebase mode it is for tests
   * against emulators only: the browser then signs in there too, and a real project refuses it.
   */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
  /**
   * Embedded backend, set by scripts/with-backend.mjs: the emulator itself, behind the account
   * journal on FIREBASE_AUTH_EMULATOR_HOST. Session checks only read, so they ask it directly.
   */
  AUTH_EMULATOR_LOOKUP_HOST: z.string().regex(/^127\.0\.0\.1:\d+$/).optional(),
  /**
   * Embedded backend, set by scripts/with-backend.mjs beside AUTH_EMULATOR_LOOKUP_HOST: the account
   * journal's newest snapshot (an absolute path). It is replaced before any account change is
   * acknowledged, so session checks reuse an account's state until it is (decision 023).
   */
  AUTH_JOURNAL_FILE: z.string().startsWith('/').optional(),
  /**
   * Embedded backend: '1' lets other machines reach the app (a demo on a trusted network); every
   * page then says it is not secure. Otherwise only this machine may (decision 012).
   */
  EMBEDDED_ALLOW_NETWORK: z.enum(['0', '1']).default('0').transform((value) => value === '1'),
  /**
   * The master key of member passes (base64url, at least 32 bytes; `openssl rand -base64 32`
   * with + and / replaced by - and _). Required in Firebase mode; the embedded backend generates
   * one into DATA_DIR. Changing it invalidates every pass until phones sync again.
   */
  PASS_SIGNING_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43,}$/, 'must be base64url of at least 32 random bytes')
    .optional(),
  /**
   * The private key that signs tickets (decision 050): a P-256 scalar, base64url of 32 random bytes
   * (made as PASS_SIGNING_KEY is). Required in Firebase mode, identical on every server; the
   * embedded backend generates one into DATA_DIR. Changing it invalidates every ticket's code.
   */
  TICKET_SIGNING_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be base64url of 32 random bytes')
    .optional(),
  /**
   * The SMTP service mail goes through: `smtp://user:password@host:587` (STARTTLS) or
   * `smtps://…:465`. The embedded backend's launcher sets it to MailDev on this machine; on
   * Firebase, unset means mail is off (the start says so, the admin area shows it).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From of every mail (`Venue <no-reply@example.org>`); default: the site's host name. */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /**
   * Who mails sign-in links, address confirmations and password resets: `app` (through SMTP, in the
   * person's language, from the app's own templates) or `firebase` (Firebase's templates). The
   * embedded backend always uses `app`; Firebase's default is `firebase`.
   */
  AUTH_MAILS: z.enum(['app', 'firebase']).optional(),
  /**
   * For tests only: the mail outbox's first round waits this many milliseconds after the start, so
   * a crash test can kill the server while a mail it queued has certainly not gone (e2e/crash.spec.ts).
   */
  MAIL_SENDER_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  /**
   * How recent a sign-in deleting the account and moving the pass ask for, in seconds (5 minutes).
   * For tests only, shorter: the browser test of a sign-in grown old waits this long.
   */
  RECENT_SIGN_IN_SECONDS: z.coerce.number().int().min(30).max(300).default(300),
  /**
   * The bearer secret of POST /api/cron/{task} (Cloud Scheduler's calls, one job per task); unset:
   * no cron endpoint. NOTIFICATIONS_CRON_SECRET, its earlier name, is read when it is unset.
   */
  CRON_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NOTIFICATIONS_CRON_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Who runs the background work (the sweeps, the mail outbox, due notifications): `timers` in this
   * process, or `scheduler`, a Cloud Scheduler job per task calling /api/cron/{task}, for servers
   * whose CPU sleeps between requests. Default: `scheduler` on Firebase when CRON_SECRET is set,
   * otherwise `timers`.
   */
  BACKGROUND_WORK: z.enum(['timers', 'scheduler']).optional(),
  /** With timers, `off` leaves due notifications alone (an older setup's cron calls /api/notifications/due). */
  NOTIFICATION_SCHEDULER: z.enum(['on', 'off']).default('on'),
  /**
   * Firebase backend: 'true' when the server runs behind Firebase App Hosting, whose front end
   * states the client's address in x-fah-client-ip. Anywhere else (plain Cloud Run) a client could
   * write that header itself and choose its own per-address rate-limit key, so it is ignored.
   */
  TRUST_APP_HOSTING_CLIENT_IP: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  /**
   * Megabytes of image renditions (resized WebP) kept on this server's disk, least recently used
   * evicted first; 0 keeps none. On Cloud Run the disk is memory, so this counts against it.
   */
  RENDITION_CACHE_MB: z.coerce.number().int().min(0).max(100_000).default(256),
  /**
   * Firebase backend: `storage` also keeps renditions in Cloud Storage (under renditions/), so
   * every instance renders an image at a width once; `local` keeps them on this server only.
   */
  RENDITION_CACHE: z.enum(['local', 'storage']).default('local'),
  /** The least severe log lines written (src/server/log.ts). */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
})
  .superRefine((value, context) => {
    // Nothing would call the endpoints: the work would simply never run.
    if (value.BACKGROUND_WORK === 'scheduler' && !value.CRON_SECRET && !value.NOTIFICATIONS_CRON_SECRET) {
      context.addIssue({ code: 'custom', path: ['BACKGROUND_WORK'], message: "'scheduler' needs CRON_SECRET (the jobs' bearer secret)" });
    }
    if (value.BACKEND !== 'firebase') {
      // The embedded backend serves this machine only; a header naming a client would be the client's own.
      if (value.TRUST_APP_HOSTING_CLIENT_IP) context.addIssue({ code: 'custom', path: ['TRUST_APP_HOSTING_CLIENT_IP'], message: 'is for the Firebase backend behind App Hosting' });
      if (value.RENDITION_CACHE === 'storage') context.addIssue({ code: 'custom', path: ['RENDITION_CACHE'], message: "'storage' is for the Firebase backend (Cloud Storage)" });
      return;
    }
    for (const key of ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'PASS_SIGNING_KEY', 'TICKET_SIGNING_KEY'] as const) {
      if (!value[key]) context.addIssue({ code: 'custom', path: [key], message: 'is required when BACKEND=firebase' });
    }
    // The app's own sign-in mails need a way to send them; without one nobody could sign in by link.
    if (value.AUTH_MAILS === 'app' && !value.SMTP_URL) {
      context.addIssue({ code: 'custom', path: ['AUTH_MAILS'], message: "'app' needs SMTP_URL on the Firebase backend (or leave it unset for Firebase's own mails)" });
    }
    // firebase-admin accepts unsigned tokens from the emulator: never with a real project.
    if (value.FIREBASE_AUTH_EMULATOR_HOST && !value.FIREBASE_PROJECT_ID?.startsWith('demo-')) {
      context.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: "is for emulator tests only: with BACKEND=firebase it needs a 'demo-' FIREBASE_PROJECT_ID",
      });
    }
  })
  // The embedded backend's emulator project: 'demo-' ids never reach Google's servers.
  .transform((value) => ({
    ...value,
    FIREBASE_PROJECT_ID: value.FIREBASE_PROJECT_ID ?? 'demo-venue',
    CRON_SECRET: value.CRON_SECRET ?? value.NOTIFICATIONS_CRON_SECRET,
    // Only the new name switches the timers off by default: a deployment whose cron calls
    // /api/notifications/due alone keeps its sweeps and mail in the process, as before.
    BACKGROUND_WORK: value.BACKGROUND_WORK ?? (value.BACKEND === 'firebase' && value.CRON_SECRET ? 'scheduler' : 'timers'),
  }));
export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration (see .env.example):\n${problems.join('\n')}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

// Embedded mode signs in against the local Auth emulator; firebase-admin finds it through this
// variable. scripts/with-backend.mjs sets it too; this covers `next start` run on its own.
if (env.BACKEND === 'embedded') process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
