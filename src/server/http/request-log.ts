// One log line per API request: its route (a route's pattern, or for tRPC the procedures' names,
// never an input or a query string), status and duration, under the request's trace as Cloud
// Logging links them (or an id of its own off Google's platform). A stream (GET /api/live) says
// when it opened and, with its duration, when it closed. Every other line written while the
// request is served carries the same trace or id (log.ts's `requestFields`).
import 'server-only';
import { randomUUID } from 'node:crypto';
import { log, requestFields } from '@/server/log';

const TRACE_KEY = 'logging.googleapis.com/trace';
const SPAN_KEY = 'logging.googleapis.com/spanId';

/** The trace Google's front end gave the request (W3C `traceparent`, or its own header), as Cloud Logging's fields; else an id. */
export function traceFields(headers: Headers, project = process.env.GOOGLE_CLOUD_PROJECT ?? process.env.FIREBASE_PROJECT_ID): Record<string, string> {
  const parent = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(headers.get('traceparent') ?? '');
  const cloud = /^([0-9a-f]{32})(?:\/\d+)?(?:;o=\d)?$/i.exec(headers.get('x-cloud-trace-context') ?? '');
  const trace = parent?.[1] ?? cloud?.[1]?.toLowerCase();
  if (!trace) return { requestId: randomUUID() };
  const fields: Record<string, string> = { requestId: trace };
  if (project) fields[TRACE_KEY] = `projects/${project}/traces/${trace}`;
  if (parent) fields[SPAN_KEY] = parent[2]!;
  return fields;
}

/** The procedures a tRPC request calls (`/api/trpc/door.scan` or a batch `a.b,c.d`), by name only. */
export function trpcProcedures(request: Request, endpoint = '/api/trpc'): string {
  const path = new URL(request.url).pathname.slice(endpoint.length + 1);
  return path
    .split(',')
    .map((name) => decodeURIComponent(name).replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 80))
    .slice(0, 10)
    .join(',');
}

export interface RequestLogOptions {
  /** The route as logged, when the pattern alone says too little (tRPC's procedures). */
  route?: (request: Request) => string;
  /** Fields of a stream's open and close lines (the server's open streams). */
  streamFields?: () => Record<string, unknown>;
}

type Handler<C extends unknown[]> = (request: Request, ...rest: C) => Response | Promise<Response>;

/** `handler`, logged: one line when it answered (two for a stream: open and closed). */
export function logged<R extends Request, C extends unknown[]>(pattern: string, handler: (request: R, ...rest: C) => Response | Promise<Response>, options: RequestLogOptions = {}): (request: R, ...rest: C) => Promise<Response> {
  return (request, ...rest) => {
    const started = performance.now();
    const line = { method: request.method, route: options.route?.(request) ?? pattern };
    const elapsed = () => Math.round(performance.now() - started);
    const fields = traceFields(request.headers);
    return requestFields.run(fields, async () => {
      let response: Response;
      try {
        response = await (handler as Handler<C>)(request, ...rest);
      } catch (error) {
        log.error({ ...line, status: 500, durationMs: elapsed(), err: error }, `${line.method} ${line.route} failed`);
        throw error;
      }
      const status = response.status;
      if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        const level = status >= 500 ? 'error' : status === 429 ? 'warn' : 'info';
        log[level]({ ...line, status, durationMs: elapsed() }, `${line.method} ${line.route} ${status}`);
        return response;
      }
      log.info({ ...line, status, durationMs: elapsed(), ...options.streamFields?.() }, `${line.method} ${line.route} opened`);
      // The close comes after the request's own context has ended: it carries the request's id itself.
      return followed(response, request.signal, () => requestFields.run(fields, () => log.info({ ...line, status, durationMs: elapsed(), ...options.streamFields?.() }, `${line.method} ${line.route} closed`)));
    });
  };
}

/** The same response, whose body says once when it ended: finished, cancelled by the browser, or its request aborted. */
function followed(response: Response, signal: AbortSignal, closed: () => void): Response {
  let said = false;
  const once = () => {
    if (said) return;
    said = true;
    signal.removeEventListener('abort', afterAbort);
    closed();
  };
  // The stream's own handler releases its slot on the abort: the count is read after it.
  const afterAbort = () => setTimeout(once, 0);
  signal.addEventListener('abort', afterAbort, { once: true });
  const reader = response.body!.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          once();
        } else controller.enqueue(next.value);
      } catch (error) {
        once();
        throw error;
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
      once();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
