/**
 * The push services browsers subscribe with (Chrome and most Chromium browsers, Firefox, Safari,
 * Edge). In production a push address must be on one of them: the server sends requests to
 * whatever address is saved, so an address anywhere else (an internal host) is refused.
 */
const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether pushes may be sent to `endpoint`: an https address of a known push service; outside
 * production also any https address and http on this machine (the tests' local push service).
 */
export function isAllowedPushEndpoint(endpoint: string, isProduction: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:') {
    if (!isProduction) return true;
    return PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
  }
  return !isProduction && url.protocol === 'http:' && LOCAL_HOSTS.has(host);
}
