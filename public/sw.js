/**
 * ChairFill's service worker (docs/decisions/026-installable-app.md). It does two things:
 *
 * - keeps a small offline shell: the offline page, the web app manifest and the app icons;
 * - when opening a page fails because there is no connection, shows the offline page instead of
 *   the browser's error.
 *
 * Everything else goes to the network untouched: API answers, the calendar feed, uploaded files,
 * pages and scripts are never stored here, so nothing personal and nothing sent with a cookie is
 * ever kept. The build (scripts/service-worker.ts) writes a hash of the shell into VERSION, so a
 * deploy that changes any of it installs a new worker, which replaces the old cache.
 */
const VERSION = 'development';
const CACHE = `chairfill-shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL = [
  OFFLINE_PAGE,
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Fetched afresh and without cookies: the shell is the same for everyone.
      await cache.addAll(
        SHELL.map((path) => new Request(path, { cache: 'reload', credentials: 'omit' })),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('chairfill-') && name !== CACHE) await caches.delete(name);
      }
      // Pages are asked for while the worker starts, not after: no delay for a page that loads.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(openPage(event));
  } else if (SHELL.includes(url.pathname) && url.search === '') {
    event.respondWith(fromShell(request, url.pathname));
  }
  // Anything else is not answered here: the browser fetches it as if there were no worker.
});

/** A page from the network; the offline page when the network cannot be reached. */
async function openPage(event) {
  try {
    const preloaded = await event.preloadResponse;
    if (preloaded) return preloaded;
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    return offline ?? Response.error();
  }
}

/** A file of the shell from the cache, or from the network if the cache lost it. */
async function fromShell(request, path) {
  const cached = await caches.match(path, { cacheName: CACHE });
  return cached ?? fetch(request);
}
