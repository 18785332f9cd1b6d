import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  longDate,
  nextMonthDay,
  openSection,
  postShift,
  runJobs,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * Reliability on both sides: a professional with one worked shift and one cancelled five hours
 * before its start applies with a newcomer; the practice's applicant cards show each one's
 * figures, and the professional's dashboard shows theirs with what changes it, on a phone too.
 */
test.describe.configure({ timeout: 150_000 });

const HOUR = 3_600_000;
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  return context.newPage();
}

/** A shift booked by `proApi`, then placed at `startsAt` for 8 hours (development clock route). */
async function bookedShiftAt(
  practiceApi: APIRequestContext,
  proApi: APIRequestContext,
  startsAt: Date,
) {
  const shiftId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(12)),
    bookingMode: 'instant',
  });
  const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);
  const moved = await practiceApi.post(`/api/dev/shifts/${shiftId}/times`, {
    data: {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 8 * HOUR).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(204);
  return ((await booked.json()) as { id: string }).id;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('the applicant card and the professional’s own card show completed shifts, late cancellations and no-shows', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Steady Dental');
  const steady = await createMatchingProfessional(baseURL!, {
    firstName: 'Sam',
    lastName: `Steady${suffix}`,
  });
  const fresh = await createMatchingProfessional(baseURL!, {
    firstName: 'Fran',
    lastName: `Fresh${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const steadyApi = await signedInApi(baseURL!, steady.email, steady.password, 'professional');
  const freshApi = await signedInApi(baseURL!, fresh.email, fresh.password, 'professional');

  // A shift worked a week ago: its scheduled hours are submitted by the job, then approved.
  const weekAgo = new Date(Date.now() - 7 * 24 * HOUR);
  weekAgo.setUTCHours(13, 0, 0, 0);
  await bookedShiftAt(practiceApi, steadyApi, weekAgo);
  await runJobs(practiceApi, new Date());
  const { timesheets } = (await (await practiceApi.get('/api/practice/timesheets')).json()) as {
    timesheets: Array<{ id: string; status: string }>;
  };
  const waiting = timesheets.find((sheet) => sheet.status === 'submitted');
  expect(waiting, 'the worked shift’s timesheet').toBeTruthy();
  const approved = await practiceApi.post(`/api/practice/timesheets/${waiting!.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);

  // Another shift, cancelled by the professional five hours before it starts.
  const lateBooking = await bookedShiftAt(practiceApi, steadyApi, new Date(Date.now() + 5 * HOUR));
  const cancelled = await steadyApi.post(`/api/professional/bookings/${lateBooking}/cancel`, {
    data: { reason: 'Car trouble' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  // Both apply for a 'Review applicants' shift.
  const date = nextMonthDay(20);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  for (const api of [steadyApi, freshApi]) {
    const applied = await api.post(`/api/professional/shifts/${shiftId}/apply`, {
      data: { note: '' },
    });
    expect(applied.status(), await applied.text()).toBe(201);
  }

  // The practice's applicant cards, wide and on a phone.
  for (const viewport of [WIDE, PHONE]) {
    const office = await newPage(browser, viewport);
    await signIn(office, '/practice-login', practice);
    if (viewport === PHONE) await office.getByRole('button', { name: 'Open menu' }).click();
    await openSection(office, 'Staffing Requests');
    await office
      .getByRole('button', { name: `View applicants for shift on ${longDate(date)}` })
      .click();
    const dialog = office.getByRole('dialog', { name: `Applicants for ${longDate(date)}` });
    await expect(dialog.getByRole('listitem').filter({ hasText: steady.name })).toContainText(
      'Reliability:50 · 1 completed · 1 late cancellation · 0 no-shows (last 12 months)',
    );
    await expect(dialog.getByRole('listitem').filter({ hasText: fresh.name })).toContainText(
      'Reliability:New: no shifts yet',
    );
    await expectNoSeriousA11yViolations(office);
    await shot(office, `applicants-${viewport.width}`);
    await office.context().close();
  }

  // The professional's own card, on a phone and wide.
  for (const viewport of [PHONE, WIDE]) {
    const page = await newPage(browser, viewport);
    await signIn(page, '/professional-login', steady);
    const card = page.getByRole('region', { name: 'Your reliability' });
    await expect(card).toContainText('50 out of 100');
    await expect(card.getByRole('definition').first()).toHaveText('1');
    await expect(card).toContainText('Late cancellations1');
    await expect(card).toContainText('No-shows0');
    await expect(card).toContainText('Shifts you cancelled less than 24 hours before the start.');
    await expect(card.getByRole('heading', { name: 'What changes it' })).toBeVisible();
    await expect(card).toContainText('Only shifts from the last 12 months count.');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `own-${viewport.width}`);
    await page.context().close();
  }

  // The newcomer's own card says there is nothing yet.
  const newcomer = await newPage(browser, PHONE);
  await signIn(newcomer, '/professional-login', fresh);
  await expect(newcomer.getByRole('region', { name: 'Your reliability' })).toContainText(
    'New: no shifts yet',
  );
  await newcomer.context().close();
  for (const api of [practiceApi, steadyApi, freshApi]) await api.dispose();
});
