// Refuses cross-site requests to state-changing endpoints: the browser's Origin (or, failing
// that, Sec-Fetch-Site) must say the request comes from this site.
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (origin) {
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === 'same-origin' || site === 'none';
}
