/**
 * ChairFill's service worker (docs/decisions/026-installable-app.md). It does three things:
 *
 * - keeps a small offline shell: the offline page, the web app manifest and the app icons;
 * - when opening a page fails because there is no connection, shows the offline page instead of
 *   the browser's error;
 * - shows push notifications (docs/decisions/028-web-push.md) and opens their page when tapped.
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

/** What a push shows when its data cannot be read. */
const PUSH_FALLBACK = {
  title: 'ChairFill',
  body: 'You have a new notification.',
  url: '/',
  tag: '',
};

/** The push's { title, body, url, tag } (the server's JSON), or the fallback. */
function pushContent(data) {
  try {
    const parsed = data ? data.json() : null;
    if (parsed && typeof parsed.title === 'string') return { ...PUSH_FALLBACK, ...parsed };
  } catch {
    // Not JSON: still show that something arrived (a push must show a notification).
  }
  return PUSH_FALLBACK;
}

/** Only a page of this site opens from a notification. */
function sameSitePath(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  const content = pushContent(event.data);
  event.waitUntil(
    self.registration.showNotification(content.title, {
      body: content.body,
      // A newer notice with the same tag replaces the one shown, and alerts again.
      ...(content.tag ? { tag: content.tag, renotify: true } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameSitePath(content.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotificationPage(event.notification));
});

/**
 * The page of a tapped notification: an open ChairFill window goes there and comes forward;
 * with none open (or one this worker cannot steer), the page opens in a new window.
 */
async function openNotificationPage(notification) {
  const url = sameSitePath(notification.data && notification.data.url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  let shown = open;
  if (open.url !== url) {
    try {
      shown = (await open.navigate(url)) || open;
    } catch {
      // Not controlled by this worker (opened before it started): open the page instead.
      await self.clients.openWindow(url);
      return;
    }
  }
  try {
    await shown.focus();
  } catch {
    // Bringing a window forward is allowed only while handling the tap; the page is open anyway.
  }
}
