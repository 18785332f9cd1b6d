import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  nextMonthDay,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The practice scorecard (issue 17): the practice says what a day in its office is like (About
 * your office), a professional reads its summary on a Find Shifts card on a phone and opens its
 * page: the figures of the last 12 months (a shift cancelled by the practice two hours before it
 * started counts as a late cancellation) and the practice's own words.
 */
test.describe.configure({ timeout: 150_000 });

const HOUR = 3_600_000;
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  return context.newPage();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const FIRST_DAY = 'Side door on Park Street at 7:45.\nCasey gives you your Dentrix login.';

test('a practice describes its office; a professional reads its scorecard on a phone', async ({
  browser,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Scorecard Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Rae',
    lastName: `Reader${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');

  // History: a shift booked, moved to start in two hours, then cancelled by the practice (late).
  const cancelledId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(10)),
    bookingMode: 'instant',
  });
  const booked = await proApi.post(`/api/professional/shifts/${cancelledId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);
  const startsAt = new Date(Date.now() + 2 * HOUR);
  const moved = await practiceApi.post(`/api/dev/shifts/${cancelledId}/times`, {
    data: {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 8 * HOUR).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(204);
  const cancelled = await practiceApi.post(`/api/practice/shifts/${cancelledId}/cancel`, {
    data: { reason: 'The office lost power' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  // The shift on the board.
  await postShift(practiceApi, { date: dateValue(nextMonthDay(18)), bookingMode: 'review' });

  // The practice fills in About your office, on a phone.
  const office = await newPage(browser, PHONE);
  await signIn(office, '/practice-login', practice);
  await expect(office).toHaveURL(/\/practice-portal/);
  await office.goto('/practice-portal/office-information');
  const card = office.getByRole('region', { name: 'About your office' });
  await card.getByRole('button', { name: 'Edit About your office' }).click();
  const form = card.getByRole('form', { name: 'About your office' });
  await expect(form).toContainText('No patient information here');
  await form.getByLabel('Parking').fill('Free lot behind the building');
  await form.getByLabel('Dress code').fill('Navy scrubs');
  await form.getByLabel('Patients per hour').fill('20');
  await form.getByLabel('Assistant provided').selectOption('yes');
  await form.getByLabel('First-day instructions').fill(FIRST_DAY);
  await form.getByRole('button', { name: 'Save About your office' }).click();
  await expect(form).toContainText('Please enter a whole number from 1 to 12, or leave it empty');
  await form.getByLabel('Patients per hour').fill('2');
  await expectNoSeriousA11yViolations(office);
  await expectNoSidewaysScroll(office);
  await shot(office, 'about-your-office-form-360');
  await form.getByRole('button', { name: 'Save About your office' }).click();
  await expect(card.getByRole('button', { name: 'Edit About your office' })).toBeVisible();
  await expect(card).toContainText('Free lot behind the building');
  await expect(card).toContainText('Casey gives you your Dentrix login.');
  await expectNoSidewaysScroll(office);
  await card.scrollIntoViewIfNeeded();
  await shot(office, 'about-your-office-360');
  await office.context().close();

  // The professional's Find Shifts card on a phone: the summary and the link to the page.
  const page = await newPage(browser, PHONE);
  await signIn(page, '/professional-login', pro);
  await expect(page).toHaveURL(/\/hygienist-portal/);
  await page.goto('/hygienist-portal/find-shifts');
  const item = page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practice.practiceName });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Fills 50% · 100% late cancellations · Not rated yet');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await item.scrollIntoViewIfNeeded();
  await shot(page, 'find-shifts-card-360');

  const link = item.getByRole('link', { name: `About this practice: ${practice.practiceName}` });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/hygienist-portal\/find-shifts\/practices\/[0-9a-f-]{36}$/);
  // The page belongs to Find Shifts: its navigation item stays the current one.
  await expect(page.locator('#portal-sidebar a[aria-current="page"]')).toHaveText('Find Shifts');
  await expect(page.getByRole('heading', { level: 1, name: practice.practiceName })).toBeVisible();
  const scorecard = page.getByRole('region', { name: 'Practice scorecard' });
  await expect(scorecard).toContainText('Shifts posted2');
  await expect(scorecard).toContainText('Shifts filled1 (50% of posted)');
  await expect(scorecard).toContainText('Cancelled late1 (100% of filled)');
  await expect(scorecard).toContainText('Not rated yet');
  await expect(scorecard).toContainText('No payouts yet');
  const about = page.getByRole('region', { name: 'About the office' });
  await expect(about).toContainText('ParkingFree lot behind the building');
  await expect(about).toContainText('Patients per hour2');
  await expect(about).toContainText('Assistant providedYes');
  await expect(about).toContainText('Dress codeNavy scrubs');
  await expect(about).toContainText('Casey gives you your Dentrix login.');
  await expect(
    page.getByRole('button', { name: `Block this practice: ${practice.practiceName}` }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'practice-page-360');

  await page.getByRole('link', { name: 'Back to Find Shifts' }).click();
  await expect(page.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeVisible();
  await page.context().close();

  // The same page, wide.
  const wide = await newPage(browser, WIDE);
  await signIn(wide, '/professional-login', pro);
  await expect(wide).toHaveURL(/\/hygienist-portal/);
  await wide.goto('/hygienist-portal/find-shifts');
  await wide.getByRole('link', { name: `About this practice: ${practice.practiceName}` }).click();
  await expect(wide.getByRole('region', { name: 'Practice scorecard' })).toContainText(
    'Shifts posted2',
  );
  await expectNoSeriousA11yViolations(wide);
  await shot(wide, 'practice-page-1280');
  await wide.context().close();

  for (const api of [practiceApi, proApi]) await api.dispose();
});

test('a scorecard still being computed shows as loading, is asked for again, then shown', async ({
  browser,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Pending Card Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Pat',
    lastName: `Waiter${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  await postShift(practiceApi, { date: dateValue(nextMonthDay(16)), bookingMode: 'review' });

  const page = await newPage(browser, PHONE);
  // The server's first answer is changed into the one a server just started gives (its
  // computation slower than the request waits): the practice's scorecard pending, not there.
  // The answers after it are the server's own.
  const asked: string[] = [];
  await page.route('**/api/professional/practice-scorecards?*', async (route) => {
    asked.push(route.request().url());
    const response = await route.fetch();
    if (asked.length > 1) return route.fulfill({ response });
    const reply = (await response.json()) as {
      scorecards: { practiceId: string }[];
      pending: string[];
    };
    return route.fulfill({
      response,
      json: {
        scorecards: [],
        pending: [...reply.pending, ...reply.scorecards.map((card) => card.practiceId)],
      },
    });
  });
  await signIn(page, '/professional-login', pro);
  await expect(page).toHaveURL(/\/hygienist-portal/);
  await page.goto('/hygienist-portal/find-shifts');
  const item = page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practice.practiceName });
  await expect(item).toContainText('Loading the scorecard…');
  // Asked again within a few seconds: the line shows the computed scorecard.
  await expect(item).toContainText('New on ChairFill', { timeout: 5_000 });
  expect(asked.length).toBeGreaterThanOrEqual(2);
  // Nothing is pending any more: the board stops asking.
  const askedWhenComplete = asked.length;
  await page.waitForTimeout(2_500);
  expect(asked.length).toBe(askedWhenComplete);
  await expectNoSidewaysScroll(page);
  await page.context().close();
  await practiceApi.dispose();
});
