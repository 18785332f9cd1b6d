import { expect, test, type Page } from '@playwright/test';
import { createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import { signIn } from './support/marketplace';

/**
 * The installable app (decision 026) on the built app the e2e server serves: every page links the
 * web app manifest, an app page registers the service worker, a page that cannot be opened
 * offline shows the offline page (and Try again opens it once the connection is back), and the
 * calendar card offers Google Calendar and webcal subscriptions on a phone.
 */

/** Waits until the service worker is active and controls `page`; returns its script's path. */
async function controllingWorker(page: Page): Promise<string> {
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toBe(scriptUrl);
  return new URL(scriptUrl).pathname;
}

test('public and portal pages link the manifest; an app page registers the service worker, which keeps only the offline shell', async ({
  page,
  baseURL,
  request,
}) => {
  const manifestLink = page.locator('link[rel="manifest"]');
  await page.goto('/about');
  await expect(manifestLink).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  // Public pages still ship no script (decision 003): they never register the worker themselves.
  await expect(page.locator('script')).toHaveCount(0);

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect((await manifest.json()) as { name: string; display: string }).toMatchObject({
    name: 'ChairFill',
    display: 'standalone',
  });

  const account = await createProfessionalAccount(baseURL!, 'hygienist');
  await signIn(page, '/professional-login', account);
  await expect(page).toHaveURL(/\/hygienist-portal/);
  await expect(manifestLink).toHaveAttribute('href', '/manifest.webmanifest');

  expect(await controllingWorker(page)).toBe('/sw.js');
  // Chromium itself reads the manifest without errors and finds nothing against installing.
  const devtools = await page.context().newCDPSession(page);
  const appManifest = await devtools.send('Page.getAppManifest');
  expect(new URL(appManifest.url).pathname).toBe('/manifest.webmanifest');
  expect(appManifest.errors).toEqual([]);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are incognito ones, where Chromium never offers to install.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  await devtools.detach();
  // With the worker in control, API answers still come from the server, never from the worker.
  const apiAnswers: Array<{ url: string; fromWorker: boolean }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) {
      apiAnswers.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
    }
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect.poll(() => apiAnswers.length).toBeGreaterThan(0);
  expect(apiAnswers.filter((answer) => answer.fromWorker)).toEqual([]);
  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        urls.push(new URL(request.url).pathname);
      }
    }
    return { names, urls };
  });
  expect(kept.names).toHaveLength(1);
  expect(kept.names[0]).toMatch(/^chairfill-shell-[0-9a-f]{12}$/);
  expect(kept.urls).toContain('/offline.html');
  expect(kept.urls).toContain('/manifest.webmanifest');
  // Nothing the signed-in user saw or asked for is kept: no API answer, page or script.
  for (const url of kept.urls) {
    expect(url).toMatch(/^\/(offline\.html|manifest\.webmanifest|icons\/[a-z0-9-]+\.png)$/);
  }
});

test('offline, opening a public or portal page shows the offline page, and Try again opens the page once back online', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/professional-login');
  await controllingWorker(page);

  await context.setOffline(true);
  await page.goto('/about');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What still works' })).toBeVisible();
  await expect(page).toHaveTitle("You're offline | ChairFill");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('offline-page-360.png') });

  await page.goto('/hygienist-portal/schedule');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/hygienist-portal\/schedule$/);

  // Still offline: Try again shows the offline page again.
  await page.goto('/about');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About ChairFill' })).toBeVisible();
});

test('the calendar card on a phone offers Add to Google Calendar and Subscribe (webcal) for the private link, in a new tab', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const account = await createProfessionalAccount(baseURL!, 'hygienist');
  await signIn(page, '/professional-login', account);
  await expect(page).toHaveURL(/\/hygienist-portal/);
  await page.goto('/hygienist-portal/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const feedUrl = await page.getByLabel('Your private calendar link').inputValue();
  expect(feedUrl).toMatch(/^https?:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const webcal = feedUrl.replace(/^https?:\/\//, 'webcal://');

  const google = page.getByRole('link', { name: 'Add to Google Calendar (opens in a new tab)' });
  await expect(google).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
  );
  const subscribe = page.getByRole('link', { name: 'Subscribe (webcal) (opens in a new tab)' });
  await expect(subscribe).toHaveAttribute('href', webcal);
  for (const link of [google, subscribe]) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  // The page does not scroll sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await google.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('calendar-card-360.png') });
  await expectNoSeriousA11yViolations(page);
});
