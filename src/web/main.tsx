import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { registerServiceWorker } from './lib/register-service-worker';
import { warmUpIntl } from './lib/warm-up-intl';
import './styles.css';

// First, so the worker loads the date-formatting data while the rest of the app's code runs.
warmUpIntl();

// The address the page was opened at, before the router redirects: page-load metrics belong to it.
const landingPath = window.location.pathname;

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The app shell (app.html) holds only the loading indicator, which this first render replaces;
// public pages are served as static HTML without this script. Rendered as a transition, so React
// works in slices of a few milliseconds and lets the browser in between, instead of one long task
// that blocks the page.
const root = createRoot(container);
startTransition(() => root.render(app));

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
