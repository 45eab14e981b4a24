// The network address a request came from, for per-client limits (rate limits, open live streams).
// Route handlers never see the socket: Next's server writes the socket's address into
// x-forwarded-for only when the request carries none (`??=` in base-server), and a proxy in front
// appends the address it saw. So the last entry is the nearest hop's view; with no proxy in front a
// client can choose it, which is why limits that matter are also keyed by account where there is one.
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || headers.get('x-real-ip')?.trim() || 'unknown';
}
