import { expect, test, type Locator, type Page } from '@playwright/test';
import { marketRateTexts } from '../src/shared/fill/market-rate-texts';
import { createPracticeAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  dateValue,
  dayButtonName,
  nextMonthDay,
  openSection,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The market rate and live reach under the new-shift form's rate (issue 42, slice 4). Three
 * practices in Vineland (no other spec works there) had five weekday hygienist shifts filled by
 * a hygienist living there (at least $40.00/hr); a fourth practice there fills in the form: the
 * band of those rates shows, and the reach at the rate typed changes as the rate does (below the
 * hygienist's minimum, fewer professionals). At 1280 and 360 px. A rerun adds its own history, so
 * the figures are read as numbers, not fixed.
 */

const VINELAND = { city: 'Vineland', zipCode: '08360', address: '600 Landis Avenue' };
const BAND =
  /^Hygienist shifts on weekdays within 15 miles filled at \$\d+\.00–\$\d+\.00\/hr in the last 90 days \(\d+ shifts, \d+ practices\)\./;

/** The weekdays of next month from the 2nd (always ahead, inside the posting window). */
function weekdaysNextMonth(): Date[] {
  const days: Date[] = [];
  for (let day = 2; day <= 28; day++) {
    const date = nextMonthDay(day);
    if (date.getDay() >= 1 && date.getDay() <= 5) days.push(date);
  }
  return days;
}

async function vinelandPractice(baseURL: string, name: string) {
  const practiceName = `${name} ${Date.now().toString(36)}`;
  const account = await createPracticeAccount(baseURL, { practiceName, ...VINELAND });
  return { ...account, practiceName };
}

/** Opens the new-shift form and fills in everything but the rate and the location. */
async function openForm(page: Page, date: Date): Promise<Locator> {
  await page.getByRole('button', { name: 'New Staffing Request' }).click();
  const form = page.getByRole('form', { name: 'New Staffing Request' });
  await form.getByLabel('Position').selectOption('Hygienist');
  await form.getByRole('button', { name: 'Go to the Next Month' }).click();
  await form.getByRole('button', { name: dayButtonName(date) }).click();
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByLabel('End Time').fill('16:00');
  return form;
}

/** The number of professionals the reach line says the rate reaches. */
async function reachAt(panel: Locator, rate: string): Promise<number> {
  const line = panel.getByText(new RegExp(`^At \\$${rate.replace('.', '\\.')}/hr it reaches`));
  await expect(line).toBeVisible({ timeout: 3_000 });
  const text = (await line.textContent()) ?? '';
  const reached = /it reaches (no|\d+) verified/.exec(text)?.[1];
  return reached === undefined || reached === 'no' ? 0 : Number(reached);
}

/** Types a rate and the location, then reads the band and the reach as the rate changes. */
async function checkPanel(form: Locator) {
  const panel = form.getByRole('region', { name: marketRateTexts.heading });
  await expect(panel.getByText(marketRateTexts.needsFields)).toBeVisible();
  await expect(panel.locator('[aria-live="polite"]')).toHaveCount(1);
  await form.getByLabel('Hourly Rate ($)').fill('45');
  await form.getByLabel('Location').selectOption({ index: 1 });
  await expect(panel.getByText(BAND)).toBeVisible();
  const atFortyFive = await reachAt(panel, '45.00');
  expect(atFortyFive).toBeGreaterThanOrEqual(1);

  // Below the Vineland hygienist's minimum: the band stays, the reach falls; nothing is posted.
  await form.getByLabel('Hourly Rate ($)').fill('35');
  await expect(panel.getByText(BAND)).toBeVisible();
  expect(await reachAt(panel, '35.00')).toBeLessThan(atFortyFive);
  return panel;
}

test('the new-shift form shows the market rate and the live reach, at 1280 and 360 px', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const days = weekdaysNextMonth();
  const hygienist = await createMatchingProfessional(baseURL!, {
    firstName: 'Vina',
    lastName: `Market${Date.now().toString(36)}`,
    home: VINELAND,
  });
  const taker = await signedInApi(baseURL!, hygienist.email, hygienist.password, 'professional');
  const filledBy = [
    { name: 'Landis Dental', rates: ['48.00', '50.00'] },
    { name: 'Delsea Smiles', rates: ['52.00', '54.00'] },
    { name: 'Chestnut Family Dentistry', rates: ['56.00'] },
  ];
  let day = 0;
  for (const { name, rates } of filledBy) {
    const other = await vinelandPractice(baseURL!, name);
    const api = await signedInApi(baseURL!, other.email, other.password, 'practice');
    for (const rate of rates) {
      const id = await postShift(api, {
        date: dateValue(days[day++]!),
        bookingMode: 'instant',
        rate,
      });
      const booked = await taker.post(`/api/professional/shifts/${id}/book`);
      expect(booked.status(), await booked.text()).toBe(201);
    }
    await api.dispose();
  }
  await taker.dispose();

  const practice = await vinelandPractice(baseURL!, 'Vineland Dental Arts');
  const date = days[day]!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/practice-login', practice);
  await openSection(page, 'Staffing Requests');
  const panel = await checkPanel(await openForm(page, date));
  await expectNoSeriousA11yViolations(page);
  await panel.screenshot({ path: testInfo.outputPath('market-rate-1280.png') });

  // At 360 px (the portal's navigation is behind its menu: go by address).
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/practice-portal/staffing-requests');
  const phonePanel = await checkPanel(await openForm(page, date));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await phonePanel.screenshot({ path: testInfo.outputPath('market-rate-360.png') });
});
