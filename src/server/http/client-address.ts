// The network address a request came from, for per-client limits (rate limits, open live streams).
// Route handlers never see the socket: Next's server writes the socket's address into
// x-forwarded-for only when the request carries none (`??=` in base-server), and a proxy in front
// appends the address it saw. So the last entry is the nearest hop's view, and the entries before
// it are whatever the client wrote. On plain Cloud Run that hop is Google's front end, which
// appends the client's address as the last entry (and the socket is Cloud Run's own proxy, never
// the client). Firebase App Hosting puts its own Google hops after the client and states the client
// in x-fah-client-ip; that header is believed only where TRUST_APP_HOSTING_CLIENT_IP says the
// server runs behind App Hosting, because on plain Cloud Run nothing removes it when a client
// sends one (decision 016, amended by issue 47). With no proxy in front a client can choose its
// address, which is why limits that matter are also keyed by account where there is one.
import { env } from '@/server/env';
import { log } from '@/server/log';

let unusedHeaderSeen = false;

export function clientAddress(headers: Headers): string {
  const stated = headers.get('x-fah-client-ip')?.trim();
  const hosted = env.BACKEND === 'firebase' && env.TRUST_APP_HOSTING_CLIENT_IP ? stated : undefined;
  if (stated && !hosted && env.BACKEND === 'firebase' && !unusedHeaderSeen) {
    // Behind App Hosting without the setting, every client would share App Hosting's last hop as its key.
    unusedHeaderSeen = true;
    log.warn('Requests carry x-fah-client-ip, which is ignored: behind Firebase App Hosting set TRUST_APP_HOSTING_CLIENT_IP=true; on plain Cloud Run a client sent it itself.');
  }
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
