import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { createPracticeAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, linkIn, readMail } from './support/fixtures';

/** Listed in ADMIN_EMAILS by e2e/support/e2e-server.ts: created at start with a reset e-mail. */
const ADMIN_EMAIL = 'admin@e2e.chairfill.example.com';
const ADMIN_PASSWORD = 'staff-e2e-password';
const ROUTE = '/practice-portal/staffing-requests';

interface Report {
  route: string;
  metrics: Array<{ name: string; value: number }>;
}

/**
 * Gives the ADMIN_EMAILS admin a password through the reset e-mail's token, by API, so no app page
 * is opened (and measured) before the test's own pages.
 */
async function setAdminPassword(request: APIRequestContext, baseURL: string) {
  const since = new Date();
  const headers = { origin: baseURL };
  const asked = await request.post('/api/password-reset/request', {
    data: { email: ADMIN_EMAIL },
    headers,
  });
  expect(asked.status()).toBe(200);
  const mail = await readMail(request, ADMIN_EMAIL, {
    subject: 'Reset your ChairFill password',
    since,
  });
  const token = /\/reset-password\/([^?\s/]+)/.exec(linkIn(mail, '/reset-password/'))?.[1];
  expect(token).toBeTruthy();
  const done = await request.post('/api/password-reset/complete', {
    data: { token, password: ADMIN_PASSWORD, confirmPassword: ADMIN_PASSWORD },
    headers,
  });
  expect(done.status()).toBe(200);
}

async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** What the browser does when the visitor switches tab or minimises the window. */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

test('page speed measured in a practice’s browser appears in the admin console', async ({
  browser,
  page,
  baseURL,
  request,
}) => {
  await setAdminPassword(request, baseURL!);

  // A practice opens Staffing Requests directly (an id-free section address with a query).
  const practice = await createPracticeAccount(baseURL!);
  const practiceContext = await browser.newContext();
  const practicePage = await practiceContext.newPage();
  await signIn(practicePage, '/practice-login', practice.email, practice.password);
  await expect(practicePage).toHaveURL(/\/practice-portal$/);

  // Leaving the login page may send its own report; this page's reports are collected from here.
  await practicePage.goto(`${ROUTE}?from=e2e-${Date.now()}`);
  const heading = practicePage.getByRole('heading', { level: 1, name: 'Staffing Requests' });
  await expect(heading).toBeVisible();
  const reports: Request[] = [];
  practicePage.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/vitals') reports.push(sent);
  });

  // web-vitals loads once the page is idle. A click (a real input) settles the largest paint and
  // gives INP an interaction; hiding the page then sends what was measured and not sent yet.
  const sentNames = () =>
    reports.flatMap((sent) => (sent.postDataJSON() as Report).metrics.map((metric) => metric.name));
  await expect
    .poll(
      async () => {
        await heading.click();
        await hidePage(practicePage);
        return sentNames();
      },
      { message: 'Core Web Vitals beacons', timeout: 20_000, intervals: [250] },
    )
    .toEqual(expect.arrayContaining(['CLS', 'FCP', 'LCP', 'TTFB']));
  // Each metric of a visit is sent once, however often the page is hidden.
  expect(sentNames()).toEqual([...new Set(sentNames())]);
  for (const beacon of reports) {
    expect(beacon.method()).toBe('POST');
    // Chromium sends our origin with a same-origin beacon, and the origin check lets it in.
    expect(await beacon.headerValue('origin')).toBe(new URL(baseURL!).origin);
    // The route pattern only: the query string never leaves the page.
    expect((beacon.postDataJSON() as Report).route).toBe(ROUTE);
    expect((await beacon.response())?.status()).toBe(204);
  }
  await practiceContext.close();

  // The admin sees the figures for that route in 'Site speed'.
  await signIn(page, '/admin/login', ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Professional screening' })).toBeVisible();
  await page.getByRole('link', { name: 'Site speed' }).click();
  await expect(page).toHaveURL(/\/admin\/site-speed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Site speed' })).toBeVisible();

  const table = page.getByRole('table', { name: new RegExp(`^${ROUTE}\\b`) });
  await expect(table).toBeVisible();
  await expect(table).toContainText(/\d+ measurements? in the last 7 days/);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Metric',
    '75th percentile',
    'Rating',
    'Samples',
    'Google thresholds',
  ]);
  const fcp = table.getByRole('row', { name: /First Contentful Paint/ });
  await expect(fcp.getByRole('cell').first()).toHaveText(/^\d+ ms$|^\d+(\.\d+)? s$/);
  await expect(fcp.getByRole('cell').nth(1)).toHaveText(/^(Good|Needs improvement|Poor)$/);
  await expect(fcp.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
  await expect(fcp.getByRole('cell').nth(3)).toHaveText('Good up to 1.8 s; poor above 3 s');
  const cls = table.getByRole('row', { name: /Cumulative Layout Shift/ });
  await expect(cls.getByRole('cell').first()).toHaveText(/^\d+\.\d{2}$/);
  await expect(cls.getByRole('cell').nth(3)).toHaveText('Good up to 0.10; poor above 0.25');
  // Only the route pattern was stored: no query string reached the console.
  await expect(page.getByText('from=e2e')).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
});
