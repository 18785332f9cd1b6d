import { TZDate } from '@date-fns/tz';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addMinutes, format } from 'date-fns';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import {
  adminApi,
  createMatchingProfessional,
  createNamedPractice,
  openSection,
  postShift,
  runJobs,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The day of a shift with two browsers: the practice's dashboard shows the check-in code (and
 * its QR code), the professional on a phone taps "I'm here" with it and later checks out, the
 * practice approves the timesheet; another timesheet is disputed and an admin decides it.
 */
test.describe.configure({ timeout: 180_000 });

const ZONE = 'America/New_York';
const PHONE = { width: 360, height: 740 };

/**
 * A shift of today starting in two or three minutes (New Jersey time), booked by `proApi`. A shift
 * ends on the day it starts: it lasts an hour, or until 23:59 when the hour would pass midnight, and
 * in the last minutes of the day it waits for midnight.
 */
async function shiftStartingNow(practiceApi: APIRequestContext, proApi: APIRequestContext) {
  const now = TZDate.tz(ZONE);
  let start = addMinutes(now, 3);
  if (format(start, 'yyyy-MM-dd HH:mm') > format(now, 'yyyy-MM-dd 23:50')) {
    const midnight = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 1, ZONE);
    const wait = midnight.getTime() + 60_000 - Date.now();
    if (wait > 0 && wait < 15 * 60_000) {
      test.setTimeout(test.info().timeout + wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    start = addMinutes(TZDate.tz(ZONE), 3);
  }
  const hourLater = addMinutes(start, 60);
  const end =
    format(hourLater, 'yyyy-MM-dd') === format(start, 'yyyy-MM-dd')
      ? hourLater
      : new TZDate(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, ZONE);
  const startTime = format(start, 'HH:mm');
  const shiftId = await postShift(practiceApi, {
    date: format(start, 'yyyy-MM-dd'),
    bookingMode: 'instant',
    startTime,
    endTime: format(end, 'HH:mm'),
    rate: '60.00',
  });
  const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;
  return { shiftId, bookingId, startTime, endTime: format(addMinutes(start, 1), 'HH:mm') };
}

async function signedInPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** The code the practice's dashboard shows for a professional today. */
async function codeOnDashboard(page: Page, professionalName: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Today’s check-in codes' });
  const item = card.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: professionalName }),
  });
  await expect(item).toBeVisible();
  const code = (await item.getByLabel(/^Check-in code/).textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('check-in with the code, check-out, approval; a disputed timesheet decided by an admin', async ({
  browser,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Check-in Dental');
  const suffix = Date.now().toString(36);
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Ines',
    lastName: `Arrive${suffix}`,
  });
  const other = await createMatchingProfessional(baseURL!, {
    firstName: 'Omar',
    lastName: `Dispute${suffix}`,
  });
  const proName = `Ines Arrive${suffix}`;
  const otherName = `Omar Dispute${suffix}`;
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const otherApi = await signedInApi(baseURL!, other.email, other.password, 'professional');
  const shift = await shiftStartingNow(practiceApi, proApi);

  // The practice's dashboard: the code, and its QR code on demand.
  const office = await signedInPage(browser);
  await signIn(office, '/practice-login', practice);
  const code = await codeOnDashboard(office, proName);
  const item = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: proName }),
  });
  await expect(item).toContainText('Not checked in yet');
  await item.getByRole('button', { name: 'Show QR code' }).click();
  await expect(
    item.getByRole('img', { name: `QR code of check-in code ${code} for ${proName}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(office);

  // The professional, on a phone: a wrong code is refused, the right one checks in.
  const phone = await signedInPage(browser, PHONE);
  await signIn(phone, '/professional-login', pro);
  const today = phone.getByRole('region', { name: 'Check-in and timesheets' });
  await expect(today).toBeVisible();
  await today.getByRole('button', { name: 'I’m here' }).click();
  const checkIn = phone.getByRole('dialog', { name: 'Check in' });
  await checkIn.getByLabel('Check-in code').fill(code === '000000' ? '111111' : '000000');
  await checkIn.getByRole('button', { name: 'I’m here' }).click();
  await expect(
    phone.getByText('That code does not match. Check the 6-digit code with the front desk.'),
  ).toBeVisible();
  await checkIn.getByLabel('Check-in code').fill(code);
  await checkIn.getByRole('button', { name: 'I’m here' }).click();
  await expect(phone.getByText('You’re checked in. Have a great shift!')).toBeVisible();
  await expect(today).toContainText('Checked in at');
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(phone);

  await office.reload();
  await expect(
    office.getByRole('listitem').filter({ has: office.getByRole('heading', { name: proName }) }),
  ).toContainText('Checked in at');

  // Check-out: the scheduled end is still ahead, so it is refused; the real end is accepted.
  await today.getByRole('button', { name: 'Check out' }).click();
  const checkOut = phone.getByRole('dialog', { name: 'Check out and submit your timesheet' });
  await expect(checkOut.getByLabel('Start')).toHaveValue(shift.startTime);
  await checkOut.getByRole('button', { name: 'Submit Timesheet' }).click();
  await expect(phone.getByText('The end cannot be later than now.')).toBeVisible();
  await checkOut.getByLabel('End').fill(shift.endTime);
  await checkOut.getByLabel('Break (minutes)').fill('0');
  await checkOut.getByRole('button', { name: 'Submit Timesheet' }).click();
  await expect(phone.getByText('Timesheet sent to the practice for approval.')).toBeVisible();
  await expect(today).toContainText('Timesheet: Waiting for approval · 1 min · $1.00');

  // The practice approves it in Timesheets; the professional sees it approved.
  await openSection(office, 'Timesheets');
  const sheet = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: new RegExp(`^${proName}`) }),
  });
  await expect(sheet).toContainText('Waiting for approval');
  await sheet.getByRole('button', { name: new RegExp(`^Approve: ${proName}`) }).click();
  await expect(office.getByText('Timesheet approved')).toBeVisible();
  await expect(sheet).toContainText('Timesheet: Approved');
  await expectNoSeriousA11yViolations(office);
  await phone.reload();
  await expect(today).toContainText('Timesheet: Approved · 1 min · $1.00');

  // A second professional's timesheet (checked in and out through the API) is disputed…
  const second = await shiftStartingNow(practiceApi, otherApi);
  const codes = (await (await practiceApi.get('/api/practice/check-in-codes')).json()) as {
    shifts: Array<{ bookingId: string; code: string }>;
  };
  const secondCode = codes.shifts.find((s) => s.bookingId === second.bookingId)!.code;
  expect(
    (
      await otherApi.post(`/api/professional/bookings/${second.bookingId}/check-in`, {
        data: { code: secondCode },
      })
    ).status(),
  ).toBe(200);
  const attendance = (await (await otherApi.get('/api/professional/attendance')).json()) as {
    bookings: Array<{ bookingId: string; shiftStart: string }>;
  };
  const startedAt = attendance.bookings.find((b) => b.bookingId === second.bookingId)!.shiftStart;
  const submitted = await otherApi.post(
    `/api/professional/bookings/${second.bookingId}/timesheet`,
    {
      data: {
        startedAt,
        endedAt: new Date(Date.parse(startedAt) + 2 * 60_000).toISOString(),
        breakMinutes: 0,
      },
    },
  );
  expect(submitted.status(), await submitted.text()).toBe(201);
  await office.reload();
  const disputed = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: new RegExp(`^${otherName}`) }),
  });
  await disputed.getByRole('button', { name: new RegExp(`^Dispute: ${otherName}`) }).click();
  const disputeDialog = office.getByRole('dialog', { name: 'Dispute this timesheet?' });
  await disputeDialog.getByLabel('What is wrong with it?').fill('Left after one minute.');
  await disputeDialog.getByRole('button', { name: 'Send Dispute' }).click();
  await expect(
    office.getByText('Timesheet disputed. ChairFill will review it and decide.'),
  ).toBeVisible();
  await expect(disputed).toContainText('Disputed: Left after one minute.');

  // …and an admin decides the hours that stand, with a recorded note.
  const adminState = await (await adminApi(baseURL!)).storageState();
  const consoleContext = await browser.newContext({ storageState: adminState });
  const consolePage = await consoleContext.newPage();
  await consolePage.goto('/admin/timesheets');
  const dispute = consolePage.getByRole('listitem').filter({
    has: consolePage.getByRole('heading', { name: new RegExp(otherName) }),
  });
  await dispute.getByRole('button', { name: new RegExp(`^Decide: ${otherName}`) }).click();
  const decide = consolePage.getByRole('dialog', { name: 'Decide the hours that stand' });
  await decide.getByLabel('End').fill(second.endTime);
  await decide.getByLabel('Decision').fill('The practice’s record shows one minute.');
  await decide.getByRole('button', { name: 'Record Decision' }).click();
  await expect(consolePage.getByText('Dispute resolved')).toBeVisible();
  await expect(dispute).toContainText('Timesheet: Approved · 1 min · $1.00');
  await expect(dispute).toContainText(
    'ChairFill’s decision: The practice’s record shows one minute.',
  );
  await expectNoSeriousA11yViolations(consolePage);
});

test('an admin decides a disputed timesheet as a no-show, at 360 px and 1280 px', async ({
  browser,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'No-show Dental');
  const suffix = Date.now().toString(36);
  const names = [`Nadia Absent${suffix}`, `Noel Absent${suffix}`];
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  // Two disputed timesheets, one decided on a phone-width console and one on a desktop's.
  for (const [index, width] of [360, 1280].entries()) {
    const [firstName, lastName] = names[index]!.split(' ') as [string, string];
    const pro = await createMatchingProfessional(baseURL!, { firstName, lastName });
    const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
    const shift = await shiftStartingNow(practiceApi, proApi);
    const codes = (await (await practiceApi.get('/api/practice/check-in-codes')).json()) as {
      shifts: Array<{ bookingId: string; code: string }>;
    };
    const code = codes.shifts.find((s) => s.bookingId === shift.bookingId)!.code;
    const checkIn = await proApi.post(`/api/professional/bookings/${shift.bookingId}/check-in`, {
      data: { code },
    });
    expect(checkIn.status()).toBe(200);
    const attendance = (await (await proApi.get('/api/professional/attendance')).json()) as {
      bookings: Array<{ bookingId: string; shiftStart: string }>;
    };
    const startedAt = attendance.bookings.find((b) => b.bookingId === shift.bookingId)!.shiftStart;
    const submitted = await proApi.post(`/api/professional/bookings/${shift.bookingId}/timesheet`, {
      data: {
        startedAt,
        endedAt: new Date(Date.parse(startedAt) + 2 * 60_000).toISOString(),
        breakMinutes: 0,
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const timesheetId = ((await submitted.json()) as { timesheet: { id: string } }).timesheet.id;
    const disputed = await practiceApi.post(`/api/practice/timesheets/${timesheetId}/dispute`, {
      data: { reason: 'Nobody worked this shift.' },
    });
    expect(disputed.status()).toBe(200);

    const adminState = await (await adminApi(baseURL!)).storageState();
    const consoleContext = await browser.newContext({
      storageState: adminState,
      viewport: { width, height: 800 },
    });
    const consolePage = await consoleContext.newPage();
    await consolePage.goto('/admin/timesheets');
    const dispute = consolePage.getByRole('listitem').filter({
      has: consolePage.getByRole('heading', { name: new RegExp(names[index]!) }),
    });
    await dispute.getByRole('button', { name: new RegExp(`^No-Show: ${names[index]}`) }).click();
    const dialog = consolePage.getByRole('dialog', { name: 'Decide this shift was a no-show?' });
    // The note is required, as for any decision.
    await dialog.getByRole('button', { name: 'Record No-Show' }).click();
    await expect(dialog.getByText('Please record the decision')).toBeVisible();
    await dialog.getByLabel('Decision').fill('The front desk log shows nobody came.');
    await expectNoSeriousA11yViolations(consolePage);
    await dialog.getByRole('button', { name: 'Record No-Show' }).click();
    await expect(
      consolePage.getByText('Decided as a no-show. Nothing is charged or paid for this shift.'),
    ).toBeVisible();
    // It stays among the decided, its claimed hours kept: no-show, not paid, with the note.
    await expect(dispute).toContainText('Decided as a no-show, not paid');
    await expect(dispute).toContainText('The front desk log shows nobody came.');
    await expect(dispute.getByRole('button')).toHaveCount(0);
    await expect(consolePage.getByRole('heading', { name: 'Timesheet disputes' })).toBeFocused();
    const bookings = (await (await proApi.get('/api/professional/attendance')).json()) as {
      bookings: Array<{ bookingId: string; bookingStatus: string }>;
    };
    expect(bookings.bookings.find((b) => b.bookingId === shift.bookingId)?.bookingStatus).toBe(
      'no_show',
    );
    await consoleContext.close();
  }
});

test('a no-show noticed only after ChairFill filled in the scheduled hours is reported from Timesheets, at 360 px', async ({
  browser,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Late Notice Dental');
  const suffix = Date.now().toString(36);
  const name = `Nora Absent${suffix}`;
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Nora',
    lastName: `Absent${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const shift = await shiftStartingNow(practiceApi, proApi);
  // The shift was two days ago: nobody checked in, submitted a timesheet or reported a no-show,
  // so a day after its end ChairFill submitted the scheduled hours for the practice to decide.
  const startsAt = new Date(Date.now() - 48 * 3_600_000);
  const moved = await practiceApi.post(`/api/dev/shifts/${shift.shiftId}/times`, {
    data: {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(204);
  await runJobs(practiceApi, new Date());

  const office = await signedInPage(browser, PHONE);
  await signIn(office, '/practice-login', practice);
  await office.goto('/practice-portal/timesheets');
  const sheet = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: new RegExp(`^${name}`) }),
  });
  await expect(sheet).toContainText('Waiting for approval');
  await expect(sheet).toContainText(
    `${name} did not submit a timesheet or check in, so ChairFill filled in the scheduled hours. If nobody came, report a no-show instead of approving it.`,
  );
  await sheet.getByRole('button', { name: `Report no-show: ${name}` }).click();
  const dialog = office.getByRole('dialog', { name: 'Report a no-show?' });
  await expect(dialog).toContainText(`${name} has not checked in.`);
  await expectNoSeriousA11yViolations(office);
  await dialog.getByRole('button', { name: 'Yes, Report No-Show' }).click();
  await expect(
    office.getByText('No-show reported. Nothing is charged for this shift.'),
  ).toBeVisible();
  await expect(sheet).toHaveCount(0);
  await expect(office.getByRole('heading', { name: 'Timesheets', level: 1 })).toBeFocused();
  const width = await office.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width);
  const attendance = (await (await proApi.get('/api/professional/attendance')).json()) as {
    bookings: Array<{ bookingId: string; bookingStatus: string }>;
  };
  expect(attendance.bookings.find((b) => b.bookingId === shift.bookingId)?.bookingStatus).toBe(
    'no_show',
  );
});
