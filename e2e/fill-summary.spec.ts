import { expect, test, type APIRequestContext } from '@playwright/test';
import { unfilledReasonTexts } from '../src/shared/fill/fill-summary';
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
 * The practice dashboard's fill figures (issue 42): a practice with two shifts that started
 * yesterday, one booked and one not, reads "Filled 50%" (1 of 2), the median time to fill and
 * the unfilled shift with its main reason, at 1280 and 360 px.
 */
test.describe.configure({ timeout: 120_000 });

const HOUR = 3_600_000;

/** Places a shift to have started `hoursAgo` hours ago, 8 hours long. */
async function startedHoursAgo(api: APIRequestContext, shiftId: string, hoursAgo: number) {
  const startsAt = new Date(Date.now() - hoursAgo * HOUR);
  const moved = await api.post(`/api/dev/shifts/${shiftId}/times`, {
    data: {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 8 * HOUR).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(204);
}

test('the dashboard shows how the practice’s shifts filled, at 1280 and 360 px', async ({
  page,
  baseURL,
}, testInfo) => {
  const practice = await createNamedPractice(baseURL!, 'Fill Facts Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Fay',
    lastName: `Filler${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const booked = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(9)),
    bookingMode: 'instant',
  });
  const booking = await proApi.post(`/api/professional/shifts/${booked}/book`);
  expect(booking.status(), await booking.text()).toBe(201);
  const unbooked = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(11)),
    bookingMode: 'review',
  });
  await startedHoursAgo(practiceApi, booked, 30);
  await startedHoursAgo(practiceApi, unbooked, 50);
  await proApi.dispose();
  await practiceApi.dispose();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, '/practice-login', practice);
  await expect(page).toHaveURL(/\/practice-portal/);
  const section = page.getByRole('region', { name: 'Filling Your Shifts' });
  await expect(section).toContainText('Filled');
  await expect(section).toContainText('50%');
  await expect(section).toContainText('1 of 2 shifts, last 90 days');
  await expect(section).toContainText('Median Time to Fill');
  await expect(section).toContainText('From posting to booked, last 90 days');
  const unfilled = section.getByRole('list', { name: 'Unfilled Shifts' });
  await expect(unfilled.getByRole('listitem')).toHaveCount(1);
  await expect(unfilled.getByRole('listitem')).toContainText('Hygienist');
  // Posted a month ahead and moved to yesterday: it started less than 12 hours after its posting.
  await expect(unfilled.getByRole('listitem')).toContainText(unfilledReasonTexts.posted_late);
  await expectNoSeriousA11yViolations(page);
  await section.screenshot({ path: testInfo.outputPath('fill-summary-1280.png') });

  await page.setViewportSize({ width: 360, height: 740 });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText('50%');
  await expectNoSidewaysScroll(page);
  await section.screenshot({ path: testInfo.outputPath('fill-summary-360.png') });
});
