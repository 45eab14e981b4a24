// Who may talk to the embedded backend's Auth emulator (decision 012). Its API hands out every
// account with its password in plain form and takes the administrator token `Bearer owner` from
// anyone, and firebase-tools answers every web origin with a CORS grant (and a private-network
// one). So a page on any site, open in the operator's browser, could read and change the accounts.
// This guard stands before every port the emulator serves: the account journal's (it calls
// `refuseRequest` first) and, through ./emulator-guard-preload.mjs, every HTTP server inside the
// emulator's own process (its private API port, the hub, logging).
//
// - A request not addressed to a loopback name is refused (DNS rebinding), unless
//   EMBEDDED_ALLOW_NETWORK=1.
// - Requests from programs (firebase-admin, the journal, scripts: no Origin, no Sec-Fetch-Site or
//   Sec-Fetch-Dest; Node's fetch sends only Sec-Fetch-Mode) pass.
// - From a browser, only the API ports answer, only to the app's origins (and pages the emulator
//   serves itself, such as the sign-in popup), never with an Authorization header: the emulator
//   takes `Bearer owner` and every `Bearer ya29.…` as its administrator, and the browser's SDK
//   sends none (ID tokens travel in request bodies). The hub and logging ports answer no browser.
// - The emulator's own API (/emulator/v1/*) needs no token at all: a browser may only read its
//   configuration, from the app's origins; wiping accounts, changing the configuration and
//   reading the codes of e-mail links and SMS are for programs only.
// - No answer carries Access-Control-Allow-Private-Network: the app reaches the emulator from the
//   same address space (loopback, or the demo's network), so it is never needed.

const LOOPBACK_NAME = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|::1|\[::1\])$/i;
const LOOPBACK_HOST = /^(?:localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/i;
const LOOPBACK_NAMES_IN_URLS = ['localhost', '127.0.0.1', '[::1]'];
const PRIVATE_NETWORK_GRANT = 'access-control-allow-private-network';

/** localhost, 127.0.0.0/8 or ::1, as a listening address. */
export function isLoopbackName(hostname) {
  return typeof hostname === 'string' && LOOPBACK_NAME.test(hostname);
}

/** A Host header naming this machine, with or without a port. */
export function isLoopbackHost(host) {
  return typeof host === 'string' && LOOPBACK_HOST.test(host);
}

function originOf(url) {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The web origins the emulator answers: the app on its port under each loopback name, SITE_URL,
 * the emulator's own public address (its sign-in popup and action pages call the API from there)
 * and, for a network demo, the app's port on the host name the browser reaches the emulator by.
 */
export function appOrigins({ appPort, siteUrl, emulatorHost, emulatorUrl }) {
  const emulatorPort = emulatorHost.split(':').at(-1);
  const origins = new Set(LOOPBACK_NAMES_IN_URLS.flatMap((name) => [`http://${name}:${appPort}`, `http://${name}:${emulatorPort}`]));
  origins.add(`http://${emulatorHost}`);
  for (const url of [siteUrl, emulatorUrl]) {
    const origin = url ? originOf(url) : null;
    if (origin) origins.add(origin);
  }
  if (emulatorUrl && originOf(emulatorUrl)) {
    const { protocol, hostname } = new URL(emulatorUrl);
    origins.add(`${protocol}//${hostname}:${appPort}`);
  }
  return [...origins];
}

/**
 * The request's path with dot segments resolved (a browser resolves them before it sends a URL),
 * slashes single and letters small: forms the emulator may route alike count alike, since the
 * check only refuses more.
 */
function routedPath(url) {
  const target = String(url);
  try {
    const { pathname } = target.startsWith('/') ? new URL(`http://emulator${target.replace(/^\/+/, '/')}`) : new URL(target);
    return pathname.replace(/\/{2,}/g, '/').toLowerCase();
  } catch {
    return target.toLowerCase();
  }
}

const EMULATOR_API = /^\/emulator\/v1\//;
const CODES = /\/(?:oobcodes|verificationcodes)\/?$/;
const READS = new Set(['GET', 'HEAD']);

/**
 * Why a request must not reach the emulator (a short code), or null when it may. `policy.api`:
 * the port serves the Identity Toolkit API the browser's SDK uses; otherwise (hub, logging) no
 * browser may use it at all. `method` and `url` are the request line's.
 */
export function refusalOf(headers, { api, origins, allowNetwork }, { method = 'GET', url = '/' } = {}) {
  if (!allowNetwork && !isLoopbackHost(headers.host)) return 'host-not-loopback';
  const origin = headers.origin;
  const site = headers['sec-fetch-site'];
  // Browsers send Origin with every cross-origin fetch and non-GET request, and Sec-Fetch-Site and
  // Sec-Fetch-Dest with every request (where they send fetch metadata at all).
  const fromBrowser = origin !== undefined || site !== undefined || headers['sec-fetch-dest'] !== undefined;
  if (!fromBrowser) return null;
  if (!api) return 'browser-not-allowed';
  // Not only `Bearer owner`: firebase-tools also takes any `ya29.` token as its owner, and spells
  // neither strictly. The SDK never sends the header, so no value of it is needed from a page.
  if (headers.authorization !== undefined) return 'authorization-from-browser';
  const path = routedPath(url);
  if (EMULATOR_API.test(path)) {
    // A preflight asks for the method that would follow; refusing it keeps the CORS grant back too.
    const asked = String(method === 'OPTIONS' ? (headers['access-control-request-method'] ?? 'GET') : method).toUpperCase();
    if (!READS.has(asked) || CODES.test(path)) return 'emulator-api-from-browser';
    // Only the app's own calls, which carry Origin: not frames or navigations, and not the
    // emulator's own pages (the app is never on the emulator's origin).
    return origin !== undefined && origins.includes(origin) && site !== 'same-origin' ? null : 'origin-not-allowed';
  }
  if (origin !== undefined) return origins.includes(origin) ? null : 'origin-not-allowed';
  // No Origin: a navigation or a same-origin read. From another site only when the app led there
  // (the SDK's sign-in popup and iframe; the app sends its origin as Referer to other origins).
  if (site === undefined || site === 'same-origin' || site === 'none') return null;
  return origins.includes(originOf(headers.referer ?? '')) ? null : 'site-not-allowed';
}

/** Response headers, as an object or a flat [name, value, ...] list, without the grant. */
function withoutGrant(headers) {
  if (!Array.isArray(headers)) return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== PRIVATE_NETWORK_GRANT));
  const kept = [];
  for (let index = 0; index < headers.length; index += 2) if (String(headers[index]).toLowerCase() !== PRIVATE_NETWORK_GRANT) kept.push(headers[index], headers[index + 1]);
  return kept;
}

/** Keeps firebase-tools from granting private-network access on this response, whatever it sets. */
export function withoutPrivateNetworkGrant(response) {
  const setHeader = response.setHeader;
  response.setHeader = function (name, value) {
    return String(name).toLowerCase() === PRIVATE_NETWORK_GRANT ? this : setHeader.call(this, name, value);
  };
  const writeHead = response.writeHead;
  response.writeHead = function (status, ...rest) {
    return writeHead.call(this, status, ...rest.map((part) => (typeof part === 'object' && part !== null ? withoutGrant(part) : part)));
  };
  return response;
}

/**
 * Answers a refused request with 403 and no CORS headers (so a page on another origin cannot even
 * read that it was refused) and returns true; otherwise returns false, with the response kept from
 * granting private-network access.
 */
export function refuseRequest(request, response, policy) {
  const refusal = refusalOf(request.headers, policy, request);
  if (refusal === null) {
    withoutPrivateNetworkGrant(response);
    return false;
  }
  request.resume();
  response.writeHead(403, { 'content-type': 'application/json', connection: 'close' });
  response.end(JSON.stringify({ error: { code: 403, message: `EMBEDDED_EMULATOR_REFUSED: ${refusal}` } }));
  return true;
}

/** The same for a WebSocket upgrade or CONNECT, which hold the raw socket instead of a response. */
export function refuseSocket(request, socket, policy) {
  if (refusalOf(request.headers, policy, request) === null) return false;
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  return true;
}

/** The environment variable through which the launcher hands the policy to the emulator's process. */
export const GUARD_ENV = 'EMBEDDED_EMULATOR_GUARD';

/**
 * The policy for one server of the emulator's process, from GUARD_ENV: the API rules on the ports
 * it names, no browser anywhere else. Missing or unreadable: no browser anywhere, loopback only.
 */
export function policyForPort(serialized, port) {
  let config = {};
  try {
    config = JSON.parse(serialized ?? '{}') ?? {};
  } catch {
    // refused below like a missing one
  }
  const origins = Array.isArray(config.origins) ? config.origins.filter((origin) => typeof origin === 'string') : [];
  const apiPorts = Array.isArray(config.apiPorts) ? config.apiPorts : [];
  return { api: apiPorts.includes(port), origins, allowNetwork: config.allowNetwork === true };
}
