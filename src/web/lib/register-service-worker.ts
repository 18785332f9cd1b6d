/**
 * Registers the service worker (public/sw.js: the offline page and the installable app's files,
 * decision 026) once the page has loaded and the browser is idle, so it never competes with the
 * page's own first requests. Production builds only: in development Vite serves changing files
 * that no worker should stand in front of.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
      // Offline support is optional: a refused registration must not disturb the page.
    });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
