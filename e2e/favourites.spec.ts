import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  dayButtonName,
  longDate,
  nextMonthDay,
  openSection,
  postShift,
  runJobs,
  shortDate,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * Favourites, favourites first, invitations, backfill and block booking (issue 17), with a
 * practice at 1280 px and professionals on phones (360 px).
 */
test.describe.configure({ timeout: 180_000 });

const HOUR = 3_600_000;
const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };

async function portal(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
  viewport = WIDE,
): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  return page;
}

async function section(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await openSection(page, name);
}

function boardCard(page: Page, practiceName: string, date: Date): Locator {
  return page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practiceName })
    .filter({ has: page.getByRole('heading', { name: longDate(date) }) });
}

function shiftItem(page: Page, date: Date): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: longDate(date), exact: true }),
  });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The professional books an instant shift of the practice: they have worked together. */
async function bookedOnce(practiceApi: APIRequestContext, proApi: APIRequestContext, day: number) {
  const shiftId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(day)),
    bookingMode: 'instant',
  });
  const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);
}

test('a favourite is offered a shift first, then everyone sees it; an invitation is accepted on a phone', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Loyal Dental');
  const fiona = await createMatchingProfessional(baseURL!, {
    firstName: 'Fiona',
    lastName: `Fav${suffix}`,
  });
  const oscar = await createMatchingProfessional(baseURL!, {
    firstName: 'Oscar',
    lastName: `Other${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const fionaApi = await signedInApi(baseURL!, fiona.email, fiona.password, 'professional');
  await bookedOnce(practiceApi, fionaApi, 2);

  // The practice marks Fiona as a favourite under Professionals.
  const office = await portal(browser, '/practice-login', practice);
  await openSection(office, 'Professionals');
  await expect(office.getByRole('heading', { name: 'Your professionals' })).toBeVisible();
  const star = office.getByRole('button', { name: `Add ${fiona.name} to favourites` });
  await star.click();
  await expect(office.getByText(`${fiona.name} is one of your favourites.`)).toBeVisible();
  await expect(
    office.getByRole('button', { name: `Remove ${fiona.name} from favourites` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(office);
  await shot(office, 'professionals-1280');

  // It posts a shift offered to its favourites first for 2 hours, in the form.
  const date = nextMonthDay(18);
  await openSection(office, 'Staffing Requests');
  await office.getByRole('button', { name: 'New Staffing Request' }).click();
  const form = office.getByRole('form', { name: 'New Staffing Request' });
  await form.getByLabel('Position').selectOption('Hygienist');
  await form.getByRole('button', { name: 'Go to the Next Month' }).click();
  await form.getByRole('button', { name: dayButtonName(date) }).click();
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByLabel('End Time').fill('16:00');
  await form.getByLabel('Hourly Rate ($)').fill('55');
  await form.getByLabel('Location').selectOption({ index: 1 });
  await form.getByLabel('Offer to your favourites first').selectOption('2');
  await expectNoSeriousA11yViolations(office);
  await shot(office, 'new-shift-favourites-first-1280');
  await form.getByRole('button', { name: 'Create Shifts' }).click();
  await expect(office.getByText('Shifts created successfully!')).toBeVisible();
  await expect(shiftItem(office, date)).toContainText('To favourites first until');

  // Fiona, on her phone, sees it offered to her first; Oscar does not see it at all.
  const fionaPage = await portal(browser, '/professional-login', fiona, PHONE);
  await section(fionaPage, 'Find Shifts');
  const fionaCard = boardCard(fionaPage, practice.practiceName, date);
  await expect(fionaCard).toContainText('Offered to you first, as a favourite, until');
  await expectNoSidewaysScroll(fionaPage);
  await fionaCard.scrollIntoViewIfNeeded();
  await fionaCard.screenshot({ path: test.info().outputPath('favourite-card-360.png') });
  await expectNoSeriousA11yViolations(fionaPage);
  const oscarPage = await portal(browser, '/professional-login', oscar, PHONE);
  const oscarBoard = oscarPage.waitForResponse((r) =>
    r.url().includes('/api/professional/shift-board'),
  );
  await section(oscarPage, 'Find Shifts');
  const listed = (await (await oscarBoard).json()) as { shifts: Array<{ practiceName: string }> };
  expect(listed.shifts.map((s) => s.practiceName)).not.toContain(practice.practiceName);
  await expect(boardCard(oscarPage, practice.practiceName, date)).toHaveCount(0);

  // When the two hours are over, it reaches the board, and Oscar is told.
  await runJobs(practiceApi, new Date(Date.now() + 2 * HOUR + 2 * 60_000));
  await oscarPage.reload();
  await expect(boardCard(oscarPage, practice.practiceName, date)).toBeVisible();
  // It was never open to him: told of a new shift, not that it is "open again".
  await oscarPage.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
  await expect(
    oscarPage.getByText('A new Hygienist shift matches your profile').first(),
  ).toBeVisible();
  await expect(
    oscarPage.getByText(`${practice.practiceName} posted a Hygienist shift on`).first(),
  ).toBeVisible();
  await expect(oscarPage.getByText(/is open again/)).toHaveCount(0);
  await expectNoSidewaysScroll(oscarPage);
  await shot(oscarPage, 'released-notice-360');
  await oscarPage.keyboard.press('Escape');

  // The practice invites Fiona to another shift; she accepts on her dashboard.
  const other = nextMonthDay(21);
  const otherId = await postShift(practiceApi, { date: dateValue(other), bookingMode: 'review' });
  await office.reload();
  await shiftItem(office, other)
    .getByRole('button', { name: `Invite a professional to shift on ${longDate(other)}` })
    .click();
  const invite = office.getByRole('dialog', {
    name: `Invite a professional to ${shortDate(other)}`,
  });
  await invite.getByLabel('Message (optional)').fill('We would love to have you back.');
  await expectNoSeriousA11yViolations(office);
  await shot(office, 'invite-dialog-1280');
  await invite.getByRole('button', { name: `Invite ${fiona.name}` }).click();
  await expect(office.getByText(`${fiona.name} is invited.`)).toBeVisible();
  await expect(invite).toContainText(`${fiona.name}: Invited`);
  await office.keyboard.press('Escape');

  await section(fionaPage, 'Dashboard');
  const invitations = fionaPage.getByRole('region', { name: 'Invitations' });
  await expect(invitations).toContainText(`${practice.practiceName} invites you`);
  await expect(invitations).toContainText('We would love to have you back.');
  await expectNoSidewaysScroll(fionaPage);
  await invitations.screenshot({ path: test.info().outputPath('invitations-360.png') });
  await expectNoSeriousA11yViolations(fionaPage);
  await invitations.getByRole('button', { name: /^Accept and book:/ }).click();
  const confirm = fionaPage.getByRole('dialog', { name: 'Accept and book this shift?' });
  await expect(confirm).toContainText('ChairFill pays you once the practice approves your hours.');
  await expect(confirm).toContainText('counts against your reliability');
  await expectNoSeriousA11yViolations(fionaPage);
  await confirm.getByRole('button', { name: 'Accept and book' }).click();
  await expect(fionaPage.getByText('You are booked on the shift.')).toBeVisible();
  const booked = (await (await fionaApi.get('/api/professional/bookings')).json()) as {
    bookings: Array<{ shift: { id: string }; status: string }>;
  };
  expect(booked.bookings.find((b) => b.shift.id === otherId)?.status).toBe('confirmed');
  await office.reload();
  await expect(shiftItem(office, other)).toContainText(`Booked:${fiona.name} (Confirmed)`);

  for (const page of [office, fionaPage, oscarPage]) await page.context().close();
  for (const api of [practiceApi, fionaApi]) await api.dispose();
});

test('a block of dates goes to one professional; one date cancelled reopens alone and its matches are told', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Block Dental');
  const bea = await createMatchingProfessional(baseURL!, {
    firstName: 'Bea',
    lastName: `Block${suffix}`,
  });
  const nora = await createMatchingProfessional(baseURL!, {
    firstName: 'Nora',
    lastName: `Near${suffix}`,
  });
  const days = [nextMonthDay(23), nextMonthDay(24)];

  // The practice asks for one professional for both dates.
  const office = await portal(browser, '/practice-login', practice);
  await openSection(office, 'Staffing Requests');
  await office.getByRole('button', { name: 'New Staffing Request' }).click();
  const form = office.getByRole('form', { name: 'New Staffing Request' });
  await form.getByLabel('Position').selectOption('Hygienist');
  await form.getByRole('button', { name: 'Go to the Next Month' }).click();
  for (const day of days) await form.getByRole('button', { name: dayButtonName(day) }).click();
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByLabel('End Time').fill('16:00');
  await form.getByLabel('Hourly Rate ($)').fill('55');
  await form.getByLabel('Location').selectOption({ index: 1 });
  await form.getByLabel('One professional for all dates').check();
  await form.getByRole('button', { name: 'Create Shifts' }).click();
  await expect(office.getByText('Shifts created successfully!')).toBeVisible();
  await expect(shiftItem(office, days[0]!)).toContainText('One professional for all dates');

  // Bea applies from her phone: the dialog says she applies for both dates.
  const beaPage = await portal(browser, '/professional-login', bea, PHONE);
  await section(beaPage, 'Find Shifts');
  const card = boardCard(beaPage, practice.practiceName, days[1]!);
  await expect(card).toContainText('wants one professional for all 2 dates');
  await expectNoSidewaysScroll(beaPage);
  await card.screenshot({ path: test.info().outputPath('block-card-360.png') });
  await card
    .getByRole('button', { name: `Apply for Hygienist shift on ${shortDate(days[1]!)}` })
    .click();
  const apply = beaPage.getByRole('dialog', { name: 'Apply for this Hygienist shift' });
  await expect(apply).toContainText('you apply for every date at once');
  await apply.getByRole('button', { name: 'Send Application' }).click();
  await expect(beaPage.getByText('Application sent')).toBeVisible();

  // The practice accepts her on the first date: both dates are hers.
  await office.reload();
  await shiftItem(office, days[0]!)
    .getByRole('button', { name: `View applicants for shift on ${longDate(days[0]!)}` })
    .click();
  const applicants = office.getByRole('dialog', { name: `Applicants for ${longDate(days[0]!)}` });
  await applicants.getByRole('button', { name: `Accept ${bea.name}` }).click();
  await office
    .getByRole('dialog', { name: `Accept ${bea.name}?` })
    .getByRole('button', { name: 'Yes, Accept' })
    .click();
  await expect(office.getByText('Applicant accepted. The shift is filled.')).toBeVisible();
  await office.reload();
  for (const day of days) {
    await expect(shiftItem(office, day)).toContainText(`Booked:${bea.name} (Confirmed)`);
  }

  // She cancels the second date only (through the API); it reopens, the first stays hers.
  const beaApi = await signedInApi(baseURL!, bea.email, bea.password, 'professional');
  const mine = (await (await beaApi.get('/api/professional/bookings')).json()) as {
    bookings: Array<{ id: string; status: string; shift: { startTime: string } }>;
  };
  const second = mine.bookings.find(
    (b) => b.status === 'confirmed' && b.shift.startTime.startsWith(dateValue(days[1]!)),
  );
  expect(second, 'the second date’s booking').toBeTruthy();
  const cancelled = await beaApi.post(`/api/professional/bookings/${second!.id}/cancel`, {
    data: { reason: 'A course that day' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await office.reload();
  await expect(shiftItem(office, days[0]!)).toContainText(`Booked:${bea.name} (Confirmed)`);
  await expect(shiftItem(office, days[1]!)).toContainText('Open');

  // Within a minute the best matches are told: Nora's bell says it is open again.
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  await runJobs(practiceApi, new Date());
  const noraPage = await portal(browser, '/professional-login', nora, PHONE);
  await noraPage.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
  await expect(noraPage.getByText(/Hygienist shift on .* is open again/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(noraPage);

  for (const page of [office, beaPage, noraPage]) await page.context().close();
  for (const api of [beaApi, practiceApi]) await api.dispose();
});

test('withdrawing an application of a block says first that it withdraws every date', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Withdraw Block Dental');
  const wren = await createMatchingProfessional(baseURL!, {
    firstName: 'Wren',
    lastName: `Block${suffix}`,
  });
  const days = [nextMonthDay(25), nextMonthDay(26), nextMonthDay(27)];
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const locations = (await (await practiceApi.get('/api/practice/locations')).json()) as {
    locations: Array<{ id: string }>;
  };
  const posted = await practiceApi.post('/api/practice/shifts', {
    data: {
      position: 'Hygienist',
      dates: days.map(dateValue),
      startTime: '08:00',
      endTime: '16:00',
      rate: '55.00',
      locationId: locations.locations[0]!.id,
      breakMinutes: 30,
      timePerPatient: 30,
      notes: '',
      bookingMode: 'review',
      wholeBlock: true,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const firstId = ((await posted.json()) as { shifts: Array<{ id: string }> }).shifts[0]!.id;
  const wrenApi = await signedInApi(baseURL!, wren.email, wren.password, 'professional');
  const applied = await wrenApi.post(`/api/professional/shifts/${firstId}/apply`, {
    data: { note: '' },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  const page = await portal(browser, '/professional-login', wren, PHONE);
  await section(page, 'Find Shifts');
  await page.getByRole('tab', { name: 'My Applications' }).click();
  const item = page
    .getByRole('list', { name: 'My applications' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: longDate(days[1]!) }) });
  const withdraw = item.getByRole('button', {
    name: `Withdraw application for Hygienist shift on ${shortDate(days[1]!)} and all 3 dates of its block`,
  });
  await expect(withdraw).toHaveText('Withdraw all 3 dates');

  // The dialog names every date before anything is withdrawn; keeping it changes nothing.
  await withdraw.click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw from all 3 dates?' });
  await expect(dialog).toContainText(
    `${practice.practiceName} wants one professional for all 3 dates of this request`,
  );
  await expect(
    dialog.getByRole('list', { name: 'Dates of the block' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await shot(page, 'block-withdraw-dialog-360');
  await dialog.getByRole('button', { name: 'Keep Application' }).click();
  await expect(dialog).toBeHidden();
  await expect(withdraw).toBeFocused();
  const pending = (await (await wrenApi.get('/api/professional/applications')).json()) as {
    applications: Array<{ status: string }>;
  };
  expect(pending.applications.map((a) => a.status)).toEqual(['pending', 'pending', 'pending']);

  await page.setViewportSize(WIDE);
  await withdraw.click();
  await shot(page, 'block-withdraw-dialog-1280');
  await dialog.getByRole('button', { name: 'Withdraw all 3 dates' }).click();
  await expect(page.getByText('Application withdrawn for all 3 dates')).toBeVisible();
  const after = (await (await wrenApi.get('/api/professional/applications')).json()) as {
    applications: Array<{ status: string }>;
  };
  expect(after.applications.map((a) => a.status)).toEqual(['withdrawn', 'withdrawn', 'withdrawn']);

  await page.context().close();
  for (const api of [practiceApi, wrenApi]) await api.dispose();
});
