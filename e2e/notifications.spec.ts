import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, readMail } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  nextMonthDay,
  openSection,
  postShift,
  shortDate,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The bell and the Settings section, in two browser contexts: a practice and a verified
 * professional are told about a booking, read their notifications, choose their e-mails and
 * manage their private calendar link; a new notice arrives without reloading the page.
 */

async function portalPage(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  return page;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test('both sides see the booking under the bell, read it, and manage e-mails and the calendar link', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const practice = await createNamedPractice(baseURL!, 'Bell Dental');
  const pro = await createMatchingProfessional(baseURL!, { firstName: 'Noor', lastName: 'Haddad' });
  const date = nextMonthDay(12);
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  // The practice has read the notice that ChairFill verified it (decision record 021).
  expect((await practiceApi.post('/api/notifications/read-all')).status()).toBe(204);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  expect((await proApi.post(`/api/professional/shifts/${shiftId}/book`)).status()).toBe(201);

  // The practice: one unread notice, leading to Staffing Requests.
  const practicePage = await portalPage(browser, '/practice-login', practice);
  await expect(bell(practicePage)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(practicePage).click();
  await expect(panel(practicePage)).toBeVisible();
  const booked = `Noor Haddad is booked for your Hygienist shift on ${shortDate(date)}`;
  await expect(panel(practicePage).getByRole('link', { name: `Unread: ${booked}` })).toBeVisible();
  await expectNoSeriousA11yViolations(practicePage);
  await panel(practicePage)
    .getByRole('link', { name: `Unread: ${booked}` })
    .click();
  await expect(practicePage).toHaveURL(/\/practice-portal\/staffing-requests$/);
  await expect(panel(practicePage)).toBeHidden();
  await expect(bell(practicePage)).toHaveAccessibleName('Notifications');
  // Escape closes the panel and gives focus back to the bell.
  await bell(practicePage).click();
  await expect(panel(practicePage).getByRole('link', { name: booked })).toBeVisible();
  await practicePage.keyboard.press('Escape');
  await expect(panel(practicePage)).toBeHidden();
  await expect(bell(practicePage)).toBeFocused();

  // The e-mail is in the mailbox, branded and linking to the same page.
  const mail = await readMail(request, practice.email, { subject: booked });
  expect(mail.html).toContain('ChairFill');
  expect(mail.text).toContain('/practice-portal/staffing-requests');

  // The professional: verified and booked, two unread; one read by itself, then all.
  const proPage = await portalPage(browser, '/professional-login', pro);
  await expect(bell(proPage)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(proPage).click();
  const bookedForPro = `You're booked: Hygienist shift on ${shortDate(date)}`;
  await expect(panel(proPage).getByRole('link', { name: `Unread: ${bookedForPro}` })).toBeVisible();
  await panel(proPage)
    .getByRole('button', { name: 'Mark as read: Your ChairFill account is verified' })
    .click();
  await expect(bell(proPage)).toHaveAccessibleName('Notifications, 1 unread');
  await panel(proPage).getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(proPage)).toHaveAccessibleName('Notifications');
  await expect(panel(proPage).getByRole('link', { name: bookedForPro })).toBeVisible();
  await proPage.keyboard.press('Escape');

  // Settings: turn off cancellation e-mails.
  await openSection(proPage, 'Settings');
  await expect(proPage.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const cancelled = proPage.getByRole('checkbox', { name: 'A booking or shift is cancelled' });
  await expect(cancelled).toBeChecked();
  await cancelled.uncheck();
  await proPage.getByRole('button', { name: 'Save E-mail notifications' }).click();
  await expect(proPage.getByRole('button', { name: 'Save E-mail notifications' })).toHaveText(
    'Saved!',
  );
  await proPage.reload();
  await expect(
    proPage.getByRole('checkbox', { name: 'A booking or shift is cancelled' }),
  ).not.toBeChecked();
  await expect(proPage.getByRole('checkbox', { name: 'A booking is confirmed' })).toBeChecked();

  // The calendar link: copied, then replaced (the old one stops working).
  const link = proPage.getByLabel('Your private calendar link');
  const firstUrl = await link.inputValue();
  expect(firstUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await proPage.getByRole('button', { name: 'Copy link' }).click();
  await expect(proPage.getByText('Link copied')).toBeVisible();
  expect(await proPage.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
  const feed = await request.get(new URL(firstUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`UID:shift-${shiftId}@chairfill`);
  await expectNoSeriousA11yViolations(proPage);

  await proPage.getByRole('button', { name: 'Replace link' }).click();
  const confirm = proPage.getByRole('dialog', { name: 'Replace your calendar link?' });
  await expect(confirm).toContainText('The current link stops working');
  await confirm.getByRole('button', { name: 'Replace link' }).click();
  await expect(proPage.getByText('Your calendar link was replaced')).toBeVisible();
  await expect(link).not.toHaveValue(firstUrl);
  const secondUrl = await link.inputValue();
  expect((await request.get(new URL(firstUrl).pathname)).status()).toBe(404);
  expect((await request.get(new URL(secondUrl).pathname)).status()).toBe(200);

  // The practice cancels the shift: the professional's bell shows it without a reload.
  const cancel = await practiceApi.post(`/api/practice/shifts/${shiftId}/cancel`, {
    data: { reason: 'The office is closed for a burst pipe' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  // Within the 30-second refresh, with no reload and no focus change.
  await expect(bell(proPage)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 40_000 });
  await bell(proPage).click();
  await expect(
    panel(proPage).getByRole('link', { name: /^Unread: .* cancelled the Hygienist shift on / }),
  ).toBeVisible();
  await expect(panel(proPage)).toContainText('Reason: The office is closed for a burst pipe');

  await practiceApi.dispose();
  await proApi.dispose();
});

test('the practice portal has a Settings section with its own e-mail kinds', async ({
  page,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Settings Dental');
  await signIn(page, '/practice-login', practice);
  await openSection(page, 'Settings');
  await expect(page).toHaveURL(/\/practice-portal\/settings$/);
  for (const label of [
    'A professional applies for my shift',
    'A booking is confirmed',
    'A booking or shift is cancelled',
    'Reminder the day before a booked shift',
  ]) {
    await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
  }
  await expect(
    page.getByRole('checkbox', { name: 'New shifts that match my profile' }),
  ).toHaveCount(0);
  await expect(page.getByLabel('Your private calendar link')).toHaveValue(/\.ics$/);
  await expect(page.getByText('Google Calendar', { exact: true })).toBeAttached();
  await expectNoSeriousA11yViolations(page);
});
