import { expect, test, type Page } from '@playwright/test';
import { E2E_PASSWORD } from './support/accounts';
import { linkIn, readMail, uniqueEmail } from './support/fixtures';
import {
  adminApi,
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  longDate,
  nextMonthDay,
  postShift,
  signedInApi,
  signIn as signInOnPage,
} from './support/marketplace';

/** Signs in on the login page and waits until the portal has opened. */
async function signIn(
  page: Page,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
) {
  await signInOnPage(page, loginPath, account);
  await expect(page).toHaveURL(/-portal/);
}

/**
 * The web app when the network or the session goes away: actions fail at once offline (and are
 * never sent later by themselves), a failed action leaves its list in place, and a session that
 * ended elsewhere (or a link opened signed out) goes to the right login and back.
 */

const NETWORK_MESSAGE = 'Network error. Please check your internet connection.';
const OFFLINE_MESSAGE = "You're offline. Nothing can be saved until your connection is back.";

function shiftItem(page: Page, date: Date) {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: longDate(date), exact: true }),
  });
}

test('offline, an action fails at once with its message, a banner says so, and nothing is sent when the network returns', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  // A signup form: the spec's network message.
  await page.goto('/dental-office-signup');
  const email = uniqueEmail('offline-office');
  await page.getByLabel('Practice Name').fill('Offline Smiles');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(609) 555-0123');
  await page.getByLabel('Point of Contact').fill('Robin Hale');
  await page.getByLabel('Street Address').fill('40 State Street');
  await page.getByLabel('City').fill('Trenton');
  await page.getByLabel('State').fill('NJ');
  await page.getByLabel('ZIP Code').fill('08608');
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
  await page.getByLabel(/I agree to the/).check();

  // (Hidden from the accessibility tree while a modal dialog is open, but still on screen.)
  const offlineBanner = page
    .getByRole('status', { includeHidden: true })
    .filter({ hasText: OFFLINE_MESSAGE });
  await expect(offlineBanner).toHaveCount(0);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create Account' }).click();
  // At once, not after a time-out: the request could not even start.
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_MESSAGE })).toBeVisible({
    timeout: 3_000,
  });
  await expect(offlineBanner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();

  // Back online: the banner goes, and the signup the user saw fail is not sent by itself.
  await context.setOffline(false);
  await expect(offlineBanner).toHaveCount(0);
  await page.waitForTimeout(2_000);
  const login = await request.post('/api/login', {
    headers: { origin: baseURL! },
    data: { email, password: E2E_PASSWORD, audience: 'practice' },
  });
  expect(login.status(), 'no account was created behind the user’s back').toBe(401);
  await expect(page).toHaveURL(/\/dental-office-signup$/);

  // In the portal: cancelling a shift offline fails with 'Failed to cancel shift'; the shift
  // stays open when the network returns.
  const practice = await createNamedPractice(baseURL!, 'Offline Dental');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const date = nextMonthDay(18);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  await signIn(page, '/practice-login', practice);
  await page.getByRole('link', { name: 'Staffing Requests' }).click();
  const item = shiftItem(page, date);
  await expect(item).toContainText('Open');

  // The connection drops while the confirmation is open.
  await item.getByRole('button', { name: /^Cancel shift on/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this shift?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason (optional)').fill('The patient moved to the morning');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
  // Said inside the dialog, which stays open with the reason as typed.
  await expect(dialog.getByRole('alert')).toHaveText('Failed to cancel shift', { timeout: 3_000 });
  await expect(dialog.getByLabel('Reason (optional)')).toHaveValue(
    'The patient moved to the morning',
  );
  await expect(offlineBanner).toBeVisible();
  await expect(page.getByText('Failed to load shifts. Please try again.')).toHaveCount(0);

  await context.setOffline(false);
  await expect(offlineBanner).toHaveCount(0);
  await page.waitForTimeout(2_000);
  const shifts = (await (await practiceApi.get('/api/practice/shifts')).json()) as {
    shifts: Array<{ id: string; status: string }>;
  };
  expect(shifts.shifts.find((shift) => shift.id === shiftId)?.status).toBe('open');
  await practiceApi.dispose();
  // Online again, the same dialog sends it with the reason kept.
  await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Shift cancelled successfully')).toBeVisible();
  await expect(item).toContainText('Cancellation reason:The patient moved to the morning');
});

test('a cancel that fails keeps the list and shows the failure, even when the list cannot be read again', async ({
  page,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Failing Cancel Dental');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const date = nextMonthDay(19);
  await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  await practiceApi.dispose();
  await signIn(page, '/practice-login', practice);
  await page.getByRole('link', { name: 'Staffing Requests' }).click();
  const item = shiftItem(page, date);
  await expect(item).toContainText('Open');

  // From now on the server cannot be reached for shifts: the cancel fails, and so does every
  // read of the list after it.
  let refused = 0;
  await page.route('**/api/practice/shifts**', async (route) => {
    refused += 1;
    await route.abort('connectionrefused');
  });
  await item.getByRole('button', { name: /^Cancel shift on/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this shift?' })
    .getByRole('button', { name: 'Yes, Cancel Shift' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Cancel this shift?' }).getByRole('alert'),
  ).toHaveText('Failed to cancel shift');
  // The list was asked for again (and once more) and failed; it stays as it was.
  await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(1_500);
  await expect(page.getByText('Failed to load shifts. Please try again.')).toHaveCount(0);
  await page
    .getByRole('dialog', { name: 'Cancel this shift?' })
    .getByRole('button', { name: 'Keep Shift' })
    .click();
  await expect(item).toBeVisible();
  await expect(item).toContainText('Open');
});

test('a session ended elsewhere: the next action goes to the login page and back to the same page', async ({
  page,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Ended Session Dental');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const date = nextMonthDay(20);
  await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  await signIn(page, '/practice-login', practice);
  await page.goto('/practice-portal/staffing-requests?from=bell');
  const item = shiftItem(page, date);
  await expect(item).toContainText('Open');

  // 'Sign out everywhere' from another device.
  const ended = await practiceApi.post('/api/account/sessions/end-others', { data: {} });
  expect(ended.status(), await ended.text()).toBeLessThan(300);

  await item.getByRole('button', { name: /^Cancel shift on/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel this shift?' })
    .getByRole('button', { name: 'Yes, Cancel Shift' })
    .click();
  await expect(page).toHaveURL(
    `/practice-login?next=${encodeURIComponent('/practice-portal/staffing-requests?from=bell')}`,
  );
  await expect(page.getByText(/Failed to load/)).toHaveCount(0);

  await page.getByLabel('Email', { exact: true }).fill(practice.email);
  await page.getByLabel('Password', { exact: true }).fill(practice.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/practice-portal/staffing-requests?from=bell');
  await expect(page.getByRole('heading', { level: 1, name: 'Staffing Requests' })).toBeVisible();
  // The cancel the user never saw succeed was not sent again.
  await expect(shiftItem(page, date)).toContainText('Open');
  await practiceApi.dispose();
});

test('a professional whose session ended goes to the professional login and back', async ({
  page,
  baseURL,
  context,
}) => {
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Sam',
    lastName: `Ended${Date.now().toString(36)}`,
  });
  await signIn(page, '/professional-login', pro);
  await page.goto('/hygienist-portal/find-shifts?includeBelowMinimum=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Shifts' })).toBeVisible();
  // The session cookie is gone (expired): the next request answers 401.
  await context.clearCookies();
  await page.getByRole('link', { name: 'Schedule' }).first().click();
  await expect(page).toHaveURL(/\/professional-login\?next=/);
  const next = new URL(page.url()).searchParams.get('next');
  expect(next).toMatch(/^\/hygienist-portal\//);
  await page.getByLabel('Email', { exact: true }).fill(pro.email);
  await page.getByLabel('Password', { exact: true }).fill(pro.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(next!);
});

test('links in e-mails opened signed out go to the login page and, after signing in, to the linked page', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  const practice = await createNamedPractice(baseURL!, 'Mail Link Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Jamie',
    lastName: `Mailed${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const shiftId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(21)),
    bookingMode: 'instant',
  });
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const since = new Date();
  const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`, { data: {} });
  expect(booked.status(), await booked.text()).toBe(201);

  const cases = [
    {
      mail: await readMail(request, practice.email, { subject: `${pro.name} is booked`, since }),
      portal: '/practice-portal/',
      login: '/practice-login',
      account: practice,
      heading: 'Staffing Requests',
    },
    {
      mail: await readMail(request, pro.email, { subject: "You're booked", since }),
      portal: '/hygienist-portal/',
      login: '/professional-login',
      account: pro,
      heading: 'Schedule',
    },
  ];
  for (const { mail, portal, login, account, heading } of cases) {
    const link = new URL(linkIn(mail, portal));
    const path = `${link.pathname}${link.search}`;
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page).toHaveURL(`${login}?next=${encodeURIComponent(path)}`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await context.close();
  }
  await practiceApi.dispose();
  await proApi.dispose();
});

test('the way back after signing in is only ever a page of the portal signed in to', async ({
  page,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Open Redirect Dental');
  for (const next of [
    'https://evil.example.com/practice-portal',
    '//evil.example.com/practice-portal',
    '/\\evil.example.com/practice-portal',
    '/hygienist-portal/schedule',
    'javascript:alert(1)',
  ]) {
    // Leave the portal first: its data requests, answered 401 once the cookie is gone, would
    // send it to the login page by themselves and cut the next navigation short.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`/practice-login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email', { exact: true }).fill(practice.email);
    await page.getByLabel('Password', { exact: true }).fill(practice.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${baseURL}/practice-portal`);
  }
});

test('offline, a part of the page that is not loaded yet says so and loads on Try again, instead of the whole app failing', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const practice = await createNamedPractice(baseURL!, 'Offline Chunk Dental');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const date = nextMonthDay(22);
  await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  await practiceApi.dispose();
  await signIn(page, '/practice-login', practice);
  await page.goto('/practice-portal/staffing-requests');
  const item = shiftItem(page, date);
  await expect(item).toContainText('Open');

  // The cancel confirmation is its own chunk, fetched when first opened.
  await context.setOffline(true);
  await item.getByRole('button', { name: /^Cancel shift on/ }).click();
  const failure = item.getByRole('alert').filter({ hasText: NETWORK_MESSAGE });
  await expect(failure).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Staffing Requests' })).toBeVisible();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-chunk-360.png') });

  await context.setOffline(false);
  await failure.getByRole('button', { name: 'Try again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this shift?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep Shift' }).click();
  await expect(dialog).toBeHidden();
  await expect(item).toContainText('Open');
});

test('the admin console whose session ended goes to the admin login with the way back', async ({
  page,
  context,
  baseURL,
}) => {
  const admin = await adminApi(baseURL!);
  await context.addCookies((await admin.storageState()).cookies);
  await admin.dispose();
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'Site speed' })).toBeVisible();
  await context.clearCookies();
  await page.getByRole('link', { name: 'Site speed' }).click();
  await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent('/admin/site-speed')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
});

test('a profile card whose form could not be fetched offline keeps Save disabled until it shows', async ({
  page,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const pro = await createMatchingProfessional(baseURL!, { firstName: 'Sav', lastName: 'Er' });
  await signInOnPage(page, '/professional-login', pro);
  await page.goto('/hygienist-portal/profile');
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await expect(personal.getByRole('button', { name: /^Edit/ })).toBeVisible();
  await context.setOffline(true);
  await personal.getByRole('button', { name: /^Edit/ }).click();
  const failure = personal.getByRole('alert').filter({ hasText: NETWORK_MESSAGE });
  await expect(failure).toBeVisible();
  await expect(personal.getByRole('button', { name: /^Save/ })).toBeDisabled();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(360);
  await context.setOffline(false);
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(personal.getByLabel('First Name')).toBeVisible();
  await expect(personal.getByRole('button', { name: /^Save/ })).toBeEnabled();
});
