import { startTransition, StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { registerServiceWorker } from './lib/register-service-worker';
import { showRendererLoadFailed } from './lib/renderer-load-failed';
import { warmUpIntl } from './lib/warm-up-intl';
import './styles.css';

// First, so the worker loads the date-formatting data while the rest of the app's code runs.
warmUpIntl();

// The address the page was opened at, before the router redirects: page-load metrics belong to it.
const landingPath = window.location.pathname;

// The app shell (app.html) holds only the loading indicator, which the first render replaces;
// public pages are served as static HTML without this script. React's DOM renderer is run in a
// task of its own, after this one (the router and the app), instead of all in one long task that
// blocks the page; it is fetched with the HTML (a modulepreload link the build writes). No
// top-level await: the bundler would then keep the modules the app's lazy chunks share out of
// this one, as a dozen small files. The first render is a transition: React renders in slices of
// a few milliseconds and lets the browser in between.
// When that chunk cannot be fetched, the page says so with 'Try again' instead of loading forever.
setTimeout(() => {
  const rootElement = document.getElementById('root')!;
  import('react-dom/client').then(
    ({ createRoot }) => {
      const root = createRoot(rootElement);
      startTransition(() =>
        root.render(
          <StrictMode>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </StrictMode>,
        ),
      );
    },
    () => showRendererLoadFailed(rootElement),
  );
}, 0);

/**
 * Real-user Core Web Vitals, loaded once the app has rendered and the browser is idle: the
 * web-vitals library and the reporter are their own chunks, never part of the first load.
 */
function startWebVitalsReporting() {
  Promise.all([import('./lib/report-web-vitals'), import('web-vitals')])
    .then(([{ reportWebVitals }, vitals]) => reportWebVitals(landingPath, vitals))
    .catch(() => {
      // Measuring is optional: a failed chunk load must not disturb the page.
    });
}
if ('requestIdleCallback' in window)
  requestIdleCallback(startWebVitalsReporting, { timeout: 3000 });
else setTimeout(startWebVitalsReporting, 1000);

// The installable app's offline page (decision 026); never in development.
if (import.meta.env.PROD) registerServiceWorker();
