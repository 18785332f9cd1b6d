import { TZDate } from '@date-fns/tz';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import {
  adminApi,
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
 * A shift's life besides booking, as the practice sees it: changing the terms of a shift people
 * applied for (decision 014), a booked shift that cannot be changed, a shift that started unfilled.
 */
test.describe.configure({ timeout: 120_000 });

/** The practice's shift on `date` in a list (its date heading). */
function shiftItem(page: Page, date: Date): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: longDate(date), exact: true }),
  });
}

test('editing a shift with an applicant says it withdraws the application; a booked shift says why it cannot change', async ({
  page,
  baseURL,
}) => {
  const date = nextMonthDay(9);
  const practice = await createNamedPractice(baseURL!, 'Terms Row Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Tess',
    lastName: `Terms${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'review' });
  const applied = await proApi.post(`/api/professional/shifts/${shiftId}/apply`, { data: {} });
  expect(applied.status()).toBe(201);

  await signIn(page, '/practice-login', practice);
  await openSection(page, 'Staffing Requests');
  const item = shiftItem(page, date);
  await item.getByRole('button', { name: `Edit shift on ${longDate(date)}` }).click();
  const form = item.getByRole('form');
  const warning =
    '1 professional has applied for this shift. Changing the hours or rate withdraws their application and tells them, so they can apply again on the new terms.';
  await expect(form).toHaveAccessibleDescription(warning);
  await expect(form.getByText(warning)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Hourly Rate ($)').fill('60');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Shift updated successfully')).toBeVisible();
  await expect(item).toContainText('$60.00/hr');

  // The applicant was told the new terms and may apply again; the practice accepts them.
  const notices = (await (await proApi.get('/api/notifications')).json()) as {
    notifications: Array<{ title: string; body: string }>;
  };
  const changed = notices.notifications.find((notice) => notice.title.endsWith('has changed'));
  expect(changed?.body).toContain('$60.00');
  const again = await proApi.post(`/api/professional/shifts/${shiftId}/apply`, { data: {} });
  expect(again.status()).toBe(201);
  const applicationId = ((await again.json()) as { id: string }).id;
  const accepted = await practiceApi.post(`/api/practice/applications/${applicationId}/accept`);
  expect(accepted.status()).toBe(200);

  // Booked: Edit explains why the hours and rate cannot change, and what to do instead.
  await page.reload();
  await expect(item).toContainText('Filled');
  await item.getByRole('button', { name: `Edit shift on ${longDate(date)}` }).click();
  await expect(item.getByRole('alert')).toHaveText(
    'This shift is booked, so its hours and rate cannot be changed. Cancel it with a reason, or contact the professional.',
  );
  await expect(item.getByLabel('Hourly Rate ($)')).toHaveCount(0);
  await item.getByRole('button', { name: 'Close' }).click();
  await expect(item.getByRole('alert')).toHaveCount(0);
  await expect(item).toContainText('$60.00/hr');

  await practiceApi.dispose();
  await proApi.dispose();
});

test('a shift that started without anyone booked shows as Expired, offers no edit or cancel, and is no active request', async ({
  page,
  baseURL,
  request,
}) => {
  const date = nextMonthDay(2);
  const practice = await createNamedPractice(baseURL!, 'Expiry Row Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Evan',
    lastName: `Expiry${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const shiftId = await postShift(practiceApi, {
    date: dateValue(date),
    bookingMode: 'review',
    startTime: '06:00',
    endTime: '07:00',
  });
  expect(
    (await proApi.post(`/api/professional/shifts/${shiftId}/apply`, { data: {} })).status(),
  ).toBe(201);

  await signIn(page, '/practice-login', practice);
  const activeRequests = page.getByRole('button', { name: /Active Requests/ });
  await expect(activeRequests).toContainText('1');

  // Its start passes (the scheduled jobs run as of then).
  const start = new TZDate(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    6,
    0,
    'America/New_York',
  );
  await runJobs(request, new Date(start.getTime() + 60_000));

  await page.reload();
  await expect(activeRequests).toContainText('0');
  await openSection(page, 'Staffing Requests');
  const item = shiftItem(page, date);
  await expect(item).toContainText('Expired');
  await expect(item.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The schedule's calendar shows it grey, as Expired, and offers nothing on it.
  await page.getByRole('link', { name: 'Schedule' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const expiredEvent = page
    .locator('.rbc-month-view .rbc-event')
    .filter({ hasText: `Hygienist · ${practice.practiceName} (Expired)` });
  await expect(expiredEvent).toHaveCount(1);
  await expect(expiredEvent).toHaveCSS('background-color', 'rgb(71, 85, 105)');
  await expiredEvent.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The applicant's application closed, and they were told.
  const mine = (await (await proApi.get('/api/professional/applications')).json()) as {
    applications: Array<{ status: string; shift: { id: string; status: string } }>;
  };
  expect(mine.applications.find((row) => row.shift.id === shiftId)).toMatchObject({
    status: 'expired',
    shift: { status: 'expired' },
  });
  const notices = (await (await proApi.get('/api/notifications')).json()) as {
    notifications: Array<{ title: string }>;
  };
  expect(notices.notifications.some((notice) => notice.title.endsWith('has closed'))).toBe(true);

  await practiceApi.dispose();
  await proApi.dispose();
});

test('a suspended professional loses their booking (the practice is told, the shift reopens) and the board says why they cannot book', async ({
  browser,
  page,
  baseURL,
}) => {
  const date = nextMonthDay(11);
  const practice = await createNamedPractice(baseURL!, 'Suspension Row Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Sky',
    lastName: `Suspended${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const booked = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  await postShift(practiceApi, {
    date: dateValue(date),
    bookingMode: 'instant',
    startTime: '17:00',
    endTime: '20:00',
  });
  expect(
    (await proApi.post(`/api/professional/shifts/${booked}/book`, { data: {} })).status(),
  ).toBe(201);

  const admin = await adminApi(baseURL!);
  const list = await admin.get('/api/admin/professionals?status=verified');
  const { professionals } = (await list.json()) as {
    professionals: Array<{ id: string; email: string }>;
  };
  const record = professionals.find((p) => p.email.toLowerCase() === pro.email.toLowerCase());
  const suspended = await admin.post(`/api/admin/professionals/${record!.id}/decisions`, {
    data: { decision: 'suspended', reason: 'No-show twice' },
  });
  expect(suspended.status()).toBe(201);
  await admin.dispose();

  // The practice: the shift is open again, and they were told.
  const practiceContext = await browser.newContext();
  const practicePage = await practiceContext.newPage();
  await signIn(practicePage, '/practice-login', practice);
  await openSection(practicePage, 'Staffing Requests');
  const item = practicePage.getByRole('listitem').filter({
    has: practicePage.getByRole('heading', { name: longDate(date), exact: true }),
  });
  await expect(item.filter({ hasText: '8:00 AM' })).toContainText('Open');
  const notices = (await (await practiceApi.get('/api/notifications')).json()) as {
    notifications: Array<{ title: string }>;
  };
  expect(
    notices.notifications.some((notice) =>
      notice.title.startsWith(`${pro.name} can no longer work`),
    ),
  ).toBe(true);
  await practiceContext.close();

  // The professional: each card says why they cannot book.
  await signIn(page, '/professional-login', pro);
  await openSection(page, 'Find Shifts');
  const cards = page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practice.practiceName });
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card).toContainText(
      'Your account is suspended, so you cannot book or apply for shifts. Please contact support.',
    );
    await expect(card.getByRole('button')).toHaveCount(0);
  }

  await practiceApi.dispose();
  await proApi.dispose();
});
