// The server's log: one JSON line per event on stdout, in the shape Cloud Logging reads (`severity`,
// `message`, `time`, and a request's trace), so the platform files and filters it without an agent;
// on the embedded backend the same lines go to the terminal (`jq` reads them). Callers pass counts,
// ids and procedure names, never a person's address, name, token, code or cookie: the redaction
// below and the masking of anything shaped like an address or a secret parameter only catch what
// slips through (an error's message).
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/** pino's levels as Cloud Logging's severities (LogSeverity). */
const SEVERITY: Record<string, string> = { trace: 'DEBUG', debug: 'DEBUG', info: 'INFO', warn: 'WARNING', error: 'ERROR', fatal: 'CRITICAL' };

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;

/** What every line written while one request is served carries (its trace or id, set by request-log.ts). */
export const requestFields = new AsyncLocalStorage<Record<string, string>>();

/** Fields that hold a person's data or a secret wherever a caller might put them by mistake. */
const REDACTED = ['email', 'to', 'name', 'displayName', 'password', 'token', 'idToken', 'cookie', 'authorization', 'passCode', 'secret', 'key'].flatMap((field) => [field, `*.${field}`]);

/** An address in any text (an SMTP refusal quoting it, say), and secrets carried by URLs. */
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SECRET_PARAMETER = /([?&](?:key|token|code|oobCode|apiKey|idToken)=)[^&\s"\\]+/g;

/** Where lines go: stdout, or a test's reader (readLog below). */
const stdout = pino.destination({ dest: 1, sync: true });
let write: (line: string) => void = (line) => stdout.write(line);

function level(): (typeof LOG_LEVELS)[number] {
  const given = process.env.LOG_LEVEL;
  return (LOG_LEVELS as readonly string[]).includes(given ?? '') ? (given as (typeof LOG_LEVELS)[number]) : 'info';
}

export const log: Logger = pino(
  {
    // LOG_LEVEL is validated in env.ts; read here directly so the log works before (and while) the environment is checked.
    level: level(),
    messageKey: 'message',
    // Cloud Run adds the instance; pid and host name would only repeat it on every line.
    base: undefined,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: {
      level: (label) => ({ severity: SEVERITY[label] ?? 'DEFAULT' }),
      // Error Reporting groups errors by the stack it finds in `stack_trace`.
      log: (object) => (object.err instanceof Error && object.err.stack ? { ...object, stack_trace: object.err.stack } : object),
    },
    // The stack once, where Error Reporting looks for it.
    serializers: { err: (error: Error) => ({ ...pino.stdSerializers.err(error), stack: undefined }) },
    // A copy: pino merges each line's fields into what the mixin returns.
    mixin: () => ({ ...requestFields.getStore() }),
    redact: { paths: REDACTED, censor: '[redacted]' },
    hooks: { streamWrite: (line) => line.replace(ADDRESS, '[address]').replace(SECRET_PARAMETER, '$1[redacted]') },
  },
  { write: (line: string) => write(line) },
);

/** For tests: every line from now on goes to `reader` as well as nowhere else, until the returned function restores stdout. */
export function readLog(reader: (line: string) => void): () => void {
  const previous = write;
  write = reader;
  return () => {
    write = previous;
  };
}
