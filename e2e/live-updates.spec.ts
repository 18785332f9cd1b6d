import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  longDate,
  nextMonthDay,
  openSection,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * Live updates (issue 18): pages change within 2 seconds of what another person does, without a
 * reload: Find Shifts on a 360 px phone when a practice posts, Staffing Requests and the bell at
 * 1280 px when a professional applies, and a message with the unread counts (bell and Messages).
 */
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };
/** The promise. */
const LIVE_MS = 2_000;

async function portal(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  return page;
}

/** Waits until the page's live stream is open (the portal marks its root element). */
async function streamOpen(page: Page) {
  await expect(page.locator('html[data-live-updates="on"]')).toBeAttached({ timeout: 10_000 });
}

test('Find Shifts, Staffing Requests, the bell and messages change without a reload', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Live Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Lia',
    lastName: `Live${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');

  // The professional's phone shows Find Shifts; the practice posts a shift elsewhere.
  const phone = await portal(browser, '/professional-login', pro, PHONE);
  await phone.goto('/hygienist-portal/find-shifts');
  await expect(phone.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeVisible();
  await streamOpen(phone);
  const date = nextMonthDay(14);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  const board = phone.getByRole('list', { name: 'Matching shifts' });
  await expect(board.getByRole('listitem').filter({ hasText: practice.practiceName })).toBeVisible({
    timeout: LIVE_MS,
  });

  // The practice's Staffing Requests at 1280 px; the professional applies from their phone's API.
  const office = await portal(browser, '/practice-login', practice, WIDE);
  await openSection(office, 'Staffing Requests');
  const item = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: longDate(date), exact: true }),
  });
  await expect(item).toContainText('No applicants yet');
  await streamOpen(office);
  const bell = office.getByRole('button', { name: /^Notifications/ });
  const before = await bell.getAttribute('aria-label');
  const applied = await proApi.post(`/api/professional/shifts/${shiftId}/apply`, {
    data: { note: '' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await expect(item).toContainText('1 applicant', { timeout: LIVE_MS });
  await expect(bell).not.toHaveAttribute('aria-label', before ?? '', { timeout: LIVE_MS });

  // The applicant card's Message link opens the conversation; the practice writes.
  await item
    .getByRole('button', { name: `View applicants for shift on ${longDate(date)}` })
    .click();
  const applicants = office.getByRole('dialog', { name: `Applicants for ${longDate(date)}` });
  await applicants
    .getByRole('listitem')
    .filter({ hasText: pro.name })
    .getByRole('link', { name: `Message ${pro.name}` })
    .click();
  await expect(office.getByRole('heading', { level: 1, name: pro.name })).toBeVisible();

  // The phone, on its dashboard, counts the message at once: the bell and the menu button.
  await phone.goto('/hygienist-portal');
  await streamOpen(phone);
  const phoneBell = phone.getByRole('button', { name: /^Notifications/ });
  const phoneBefore = Number(
    (await phoneBell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0,
  );
  await office.getByLabel('Your message').fill('Could you start at 7:30?');
  await office.getByRole('button', { name: 'Send' }).click();
  await expect(phoneBell).toHaveAttribute(
    'aria-label',
    `Notifications, ${phoneBefore + 1} unread`,
    { timeout: LIVE_MS },
  );
  await phoneBell.click();
  await phone.getByRole('link', { name: 'You have 1 unread message' }).click();
  await phone
    .getByRole('link', { name: new RegExp(practice.practiceName) })
    .first()
    .click();
  await expect(phone.getByText('Could you start at 7:30?')).toBeVisible();

  // The answer appears in the practice's open conversation, and so does the read receipt.
  await expect(office.getByText(/ · Read$/)).toBeVisible({ timeout: LIVE_MS });
  await phone.getByLabel('Your message').fill('Yes, 7:30 works.');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(office.getByText('Yes, 7:30 works.')).toBeVisible({ timeout: LIVE_MS });

  await practiceApi.dispose();
  await proApi.dispose();
});

test('a session ended from another browser sends the open phone to its login at once', async ({
  browser,
  baseURL,
}) => {
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Ena',
    lastName: `Ended${Date.now().toString(36)}`,
  });
  const phone = await portal(browser, '/professional-login', pro, PHONE);
  await phone.goto('/hygienist-portal/find-shifts');
  await streamOpen(phone);
  // The same professional, on a laptop, signs every other session out.
  const laptop = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const ended = await laptop.post('/api/account/sessions/end-others');
  expect(ended.ok(), await ended.text()).toBe(true);
  await expect(phone).toHaveURL(/\/professional-login\?next=%2Fhygienist-portal%2Ffind-shifts$/, {
    timeout: LIVE_MS,
  });
  await laptop.dispose();
});
