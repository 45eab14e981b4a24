// The network address a request came from, for per-client limits (rate limits, open live streams).
// Route handlers never see the socket: Next's server writes the socket's address into
// x-forwarded-for only when the request carries none (`??=` in base-server), and a proxy in front
// appends the address it saw. So the last entry is the nearest hop's view; with no proxy in front a
// client can choose it, which is why limits that matter are also keyed by account where there is one.
// Firebase App Hosting puts its own Google hops after the client in x-forwarded-for and states the
// client in x-fah-client-ip; Cloud Run alone appends just the client (decision 016).
import { env } from '@/server/env';

export function clientAddress(headers: Headers): string {
  const hosted = env.BACKEND === 'firebase' ? headers.get('x-fah-client-ip')?.trim() : undefined;
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  const address = hosted || forwarded || headers.get('x-real-ip')?.trim();
  return address ? networkOf(address) : 'unknown';
}

/**
 * One key per client: an IPv4 address as it is (also when written IPv6-mapped), an IPv6 address
 * by its /64, which a single household or phone is given whole and can pick addresses from.
 */
function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
