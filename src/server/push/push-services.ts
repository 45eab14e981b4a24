// The push services browsers subscribe through: the only hosts a Web Push endpoint may name.
// Chrome, Opera, Samsung Internet and other Chromium browsers use Google's FCM; Firefox Mozilla's
// autopush; Edge Microsoft's WNS (one host per region); Safari Apple's push service.

const HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com'];
/** One label in front of these, as in wns2-par02p.notify.windows.com or web.push.apple.com. */
const DOMAINS: readonly string[] = ['.notify.windows.com', '.push.apple.com'];

/** Whether a browser's push endpoint is a known push service's: https, its default port, no credentials. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname;
  if (HOSTS.includes(host)) return true;
  return DOMAINS.some((domain) => host.endsWith(domain) && /^[a-z0-9-]+$/.test(host.slice(0, -domain.length)));
}
