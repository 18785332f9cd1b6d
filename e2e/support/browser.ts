/**
 * The browsers of the end-to-end tests: Debian's `chromium-headless-shell` for every spec (about a
 * third faster than the full browser), and Debian's full `chromium` for the specs that need what
 * only it has (notifications shown by a service worker: push.spec.ts). `npm test` installs both
 * when it may (scripts/run-tests.ts); CHROMIUM_PATH names another browser for the first.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** Chromium's flags for the tests: no sandbox or GPU here, nothing in the background. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
