// The request log: a line per answer with the route, status and duration under the request's Cloud
// trace (or an id of its own), a stream's open and close lines, and tRPC's procedures by name only.
import { afterEach, describe, expect, it } from 'vitest';
import { log, readLog } from '@/server/log';
import { logged, traceFields, trpcProcedures } from './request-log';

const lines: Record<string, unknown>[] = [];
let stop = readLog((line) => lines.push(JSON.parse(line)));
afterEach(() => {
  stop();
  lines.length = 0;
  stop = readLog((line) => lines.push(JSON.parse(line)));
});

describe('the request log', () => {
  it("links a request to Google's trace, from traceparent or X-Cloud-Trace-Context, and gives others an id", () => {
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    expect(traceFields(new Headers({ traceparent: `00-${trace}-00f067aa0ba902b7-01` }), 'venue')).toEqual({
      requestId: trace,
      'logging.googleapis.com/trace': `projects/venue/traces/${trace}`,
      'logging.googleapis.com/spanId': '00f067aa0ba902b7',
    });
    expect(traceFields(new Headers({ 'x-cloud-trace-context': `${trace.toUpperCase()}/123;o=1` }), 'venue')).toEqual({ requestId: trace, 'logging.googleapis.com/trace': `projects/venue/traces/${trace}` });
    // Not a trace: a line of the caller's choosing never reaches the log.
    expect(traceFields(new Headers({ 'x-cloud-trace-context': 'x"},{"severity":"ERROR' })).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the procedures of a tRPC request, never its input', () => {
    const input = encodeURIComponent(JSON.stringify({ json: { key: 'secret-key-of-a-ticket' } }));
    expect(trpcProcedures(new Request(`http://x/api/trpc/tickets.get,door.list?batch=1&input=${input}`))).toBe('tickets.get,door.list');
  });

  it('writes one line per answer, and every line meanwhile carries the request id', async () => {
    const handler = logged('/api/example/[id]', async () => {
      log.info('inside');
      return new Response('no', { status: 404 });
    });
    expect((await handler(new Request('http://x/api/example/7?key=secret'))).status).toBe(404);
    expect(lines).toEqual([
      expect.objectContaining({ severity: 'INFO', message: 'inside', requestId: expect.any(String) }),
      expect.objectContaining({ severity: 'INFO', method: 'GET', route: '/api/example/[id]', status: 404, durationMs: expect.any(Number), requestId: lines[0]!.requestId }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs a failure as an error with status 500', async () => {
    const handler = logged('/api/broken', async () => {
      throw new Error('disk on fire');
    });
    await expect(handler(new Request('http://x/api/broken'))).rejects.toThrow('disk on fire');
    expect(lines).toEqual([expect.objectContaining({ severity: 'ERROR', route: '/api/broken', status: 500, stack_trace: expect.stringContaining('disk on fire') })]);
  });

  it('says when a stream opened and when it closed, with its duration', async () => {
    let open = 0;
    const handler = logged(
      '/api/live',
      () => {
        open += 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('event: ping\n\n'));
          },
          cancel() {
            open -= 1;
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
      { streamFields: () => ({ openStreams: open }) },
    );
    const response = await handler(new Request('http://x/api/live'));
    expect(lines).toEqual([expect.objectContaining({ message: 'GET /api/live opened', status: 200, openStreams: 1 })]);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(lines).toEqual([expect.anything(), expect.objectContaining({ message: 'GET /api/live closed', durationMs: expect.any(Number), openStreams: 0 })]);
    // Both lines are the same request's, though the stream closed after its context ended.
    expect(lines[1]!.requestId).toEqual(expect.any(String));
    expect(lines[1]!.requestId).toBe(lines[0]!.requestId);
  });
});
