import { expect, test, type Page } from '@playwright/test';
import { weekDays } from '../src/shared/professional/availability';
import { createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  adminApi,
  createNamedPractice,
  dateValue,
  nextMonthDay,
  postShift,
  signedInApi,
  signIn,
  verifyProfessional,
} from './support/marketplace';

/**
 * "Almost a match" (issue 42, slice 9): below Find Shifts, a shift just outside the
 * professional's travel distance (at 1280 px) or minimum rate (at 360 px) says what it would
 * take; its button saves that one setting and the shift moves onto the board, focus with it.
 * The practice (createNamedPractice) is in Long Branch (07740); names are unique, so shifts other
 * specs post on the same server are told apart.
 */

/** A verified hygienist at `zipCode`, free on `date`'s weekday 7 AM–3 PM only. */
async function hygienist(
  baseURL: string,
  date: Date,
  profile: { zipCode: string; travelDistance: number; minimumRate: string },
) {
  const account = await createProfessionalAccount(baseURL, 'hygienist', {
    lastName: `Almost${Date.now().toString(36)}`,
    zipCode: profile.zipCode,
  });
  const api = await signedInApi(baseURL, account.email, account.password, 'professional');
  const day = weekDays[(date.getDay() + 6) % 7]!;
  const saved = await api.put('/api/professional/profile', {
    data: {
      homeZipCode: profile.zipCode,
      travelDistance: profile.travelDistance,
      minimumRate: profile.minimumRate,
      availability: [{ day, startTime: '07:00', endTime: '15:00' }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();
  const admin = await adminApi(baseURL);
  await verifyProfessional(admin, account.email);
  await admin.dispose();
  return account;
}

async function practiceWithShift(baseURL: string, date: Date, rate: string) {
  const practice = await createNamedPractice(baseURL, 'Almost Dental');
  const api = await signedInApi(baseURL, practice.email, practice.password, 'practice');
  await postShift(api, {
    date: dateValue(date),
    bookingMode: 'review',
    startTime: '07:00',
    endTime: '15:00',
    rate,
  });
  await api.dispose();
  return practice;
}

/** Opens Find Shifts and scrolls to the section below the board. */
async function openAlmostAMatch(page: Page) {
  await page.goto('/hygienist-portal/find-shifts');
  await expect(page.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Filter shifts' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const section = page.getByRole('region', { name: /^Almost a match/ });
  await expect(
    section.getByRole('heading', {
      name: /^Almost a match: \d+ shifts? just outside your settings$/,
    }),
  ).toBeVisible();
  return section;
}

/** `text` matched literally in a regular expression. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Saves the card's setting and checks the shift moved onto the board, with focus. */
async function takeCard(page: Page, practiceName: string, whatItTakes: string, action: string) {
  const section = await openAlmostAMatch(page);
  const card = section.getByRole('listitem').filter({ hasText: practiceName });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(whatItTakes, { exact: true })).toBeVisible();
  const button = card.getByRole('button', {
    name: new RegExp(`^${escaped(action)} for the Hygienist shift on .+ at ${practiceName}$`),
  });
  await expect(button).toHaveText(action);
  const box = (await button.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yViolations(page);
  await button.focus();
  await page.keyboard.press('Enter');

  const board = page.getByRole('list', { name: 'Matching shifts' });
  const moved = board.getByRole('listitem').filter({ hasText: practiceName });
  await expect(moved).toHaveCount(1);
  await expect(card).toHaveCount(0);
  await expect(moved.getByRole('heading', { level: 2 })).toBeFocused();
}

test('a shift just beyond the travel distance moves onto the board at 1280 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const date = nextMonthDay(22);
  const practice = await practiceWithShift(baseURL!, date, '55.00');
  // Freehold (07728) is 15.5 miles from Long Branch: beyond 12 miles, within 12 + 5.
  const pro = await hygienist(baseURL!, date, {
    zipCode: '07728',
    travelDistance: 12,
    minimumRate: '40.00',
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/professional-login', pro);
  const section = await openAlmostAMatch(page);
  await section.screenshot({ path: testInfo.outputPath('almost-a-match-1280.png') });
  await takeCard(
    page,
    practice.practiceName,
    '15.5 miles away: set your travel distance to 16 miles',
    'Set travel distance to 16 miles',
  );
  await expect(page.getByText('Saved: your travel distance is now 16 miles.')).toBeVisible();
  await expect(page.getByLabel('Distance', { exact: true })).toHaveValue('');
  await expect(
    page.getByRole('option', { name: 'Within my travel distance (16 miles)' }),
  ).toBeAttached();
});

test('a shift just below the minimum rate moves onto the board at 360 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const date = nextMonthDay(23);
  const practice = await practiceWithShift(baseURL!, date, '37.00');
  // In Long Branch, asking $40.00/hr: $37.00 is $3.00 below, within $5.00.
  const pro = await hygienist(baseURL!, date, {
    zipCode: '07740',
    travelDistance: 25,
    minimumRate: '40.00',
  });

  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, '/professional-login', pro);
  const section = await openAlmostAMatch(page);
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: testInfo.outputPath('almost-a-match-360.png') });
  await takeCard(
    page,
    practice.practiceName,
    '$37.00/hr: $3.00 below your minimum of $40.00/hr',
    'Set minimum rate to $37.00/hr',
  );
  await expectNoSidewaysScroll(page);
  await expect(page.getByText('Saved: your minimum rate is now $37.00/hr.')).toBeVisible();
});
