import { TZDate } from '@date-fns/tz';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, readMail } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  dayButtonName,
  longDate,
  openSection,
  postShift,
  runJobs,
  shortDate,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The marketplace loop in two browser contexts: a practice and verified professionals applying,
 * being accepted, booking instantly, cancelling from each side and rating each other.
 */

// Each test walks several signed-in browser contexts through a whole booking: more than the
// default 30 seconds on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });

/** A signed-in page in its own browser context (its own cookies). */
async function portalPage(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
  options: { liveUpdates?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
  if (options.liveUpdates === false) await context.route('**/api/live', (route) => route.abort());
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  return page;
}

/** The practice's shift on `date` in a list (its date heading). */
function shiftItem(page: Page, date: Date): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: longDate(date), exact: true }),
  });
}

/** The board's card of the practice's shift (each spec's practice name is unique). */
function boardCard(page: Page, practiceName: string): Locator {
  return page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practiceName });
}

/** Posts one shift on `date` through the New Staffing Request form (8:00 AM – 4:00 PM, $55/hr). */
async function postShiftInForm(page: Page, date: Date, mode: 'Review applicants' | 'Instant book') {
  await openSection(page, 'Staffing Requests');
  await page.getByRole('button', { name: 'New Staffing Request' }).click();
  const form = page.getByRole('form', { name: 'New Staffing Request' });
  await form.getByLabel('Position').selectOption('Hygienist');
  await form.getByRole('button', { name: 'Go to the Next Month' }).click();
  await form.getByRole('button', { name: dayButtonName(date) }).click();
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByLabel('End Time').fill('16:00');
  await form.getByLabel('Hourly Rate ($)').fill('55');
  await form.getByLabel('Location').selectOption({ index: 1 });
  const booking = form.getByRole('group', { name: 'Booking' });
  // 'Review applicants' is the default; each option explains itself.
  await expect(booking.getByRole('radio', { name: 'Review applicants' })).toBeChecked();
  await expect(booking.getByRole('radio', { name: 'Instant book' })).toHaveAccessibleDescription(
    'The first verified professional to book gets the shift.',
  );
  if (mode === 'Instant book') {
    // Keyboard: the arrow key moves the choice within the radio group.
    await booking.getByRole('radio', { name: 'Review applicants' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(booking.getByRole('radio', { name: 'Instant book' })).toBeChecked();
  }
  await form.getByRole('button', { name: 'Create Shifts' }).click();
  await expect(page.getByText('Shifts created successfully!')).toBeVisible();
  await expect(shiftItem(page, date)).toContainText(`Booking:${mode}`);
}

function nextMonthAt(day: number, hour: number, minute = 0): { date: Date; at: Date } {
  const now = TZDate.tz('America/New_York');
  const date = new TZDate(now.getFullYear(), now.getMonth() + 1, day, 12, 0, 'America/New_York');
  const at = new TZDate(
    now.getFullYear(),
    now.getMonth() + 1,
    day,
    hour,
    minute,
    'America/New_York',
  );
  return { date, at };
}

test('review shift: a professional applies with a note, the practice accepts, both schedules show it, the professional cancels', async ({
  browser,
  baseURL,
  request,
}) => {
  const { date } = nextMonthAt(11, 12);
  const practice = await createNamedPractice(baseURL!, 'Harbor Review Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Riley',
    lastName: `Review${Date.now().toString(36)}`,
  });

  // The practice posts a 'Review applicants' shift (the default) in the form.
  const practicePage = await portalPage(browser, '/practice-login', practice);
  await postShiftInForm(practicePage, date, 'Review applicants');
  await expect(shiftItem(practicePage, date)).toContainText('No applicants yet');

  // The professional finds it on the board with its reasons and applies with a note.
  const proPage = await portalPage(browser, '/professional-login', pro);
  await openSection(proPage, 'Find Shifts');
  const card = boardCard(proPage, practice.practiceName);
  await expect(card).toContainText('Booking:Review applicants');
  await expect(card).toContainText('miles away (within your 25 miles)');
  await card
    .getByRole('button', { name: `Apply for Hygienist shift on ${shortDate(date)}` })
    .click();
  const applyDialog = proPage.getByRole('dialog', { name: 'Apply for this Hygienist shift' });
  await expect(applyDialog).toContainText(practice.practiceName);
  const note = applyDialog.getByLabel('Note to the practice (optional)');
  await expect(note).toBeFocused();
  await note.fill('Five years in periodontal practices; happy to come in early.');
  await expectNoSeriousA11yViolations(proPage);
  const applied = new Date();
  await applyDialog.getByRole('button', { name: 'Send Application' }).click();
  await expect(proPage.getByText('Application sent')).toBeVisible();
  await expect(applyDialog).toBeHidden();
  await expect(card.getByText('Applied', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('button', {
      name: `Withdraw application for Hygienist shift on ${shortDate(date)}`,
    }),
  ).toBeVisible();

  // 'My Applications' lists it with its status.
  await proPage.getByRole('tab', { name: 'My Applications' }).click();
  const myApplications = proPage.getByRole('list', { name: 'My applications' });
  const application = myApplications
    .getByRole('listitem')
    .filter({ hasText: practice.practiceName });
  await expect(application).toContainText('Applied');
  await expect(application).toContainText('happy to come in early');
  await expectNoSeriousA11yViolations(proPage);

  // A second professional applies too (through the API).
  const other = await createMatchingProfessional(baseURL!, {
    firstName: 'Otto',
    lastName: `Other${Date.now().toString(36)}`,
  });
  const otherApi = await signedInApi(baseURL!, other.email, other.password, 'professional');
  const shiftId = await (async () => {
    const board = (await (await otherApi.get('/api/professional/shift-board')).json()) as {
      shifts: Array<{ id: string; practiceName: string }>;
    };
    return board.shifts.find((s) => s.practiceName === practice.practiceName)!.id;
  })();
  const otherApplied = await otherApi.post(`/api/professional/shifts/${shiftId}/apply`, {
    data: { note: '' },
  });
  expect(otherApplied.status()).toBe(201);

  // The practice is told and sees both applicants.
  await readMail(request, practice.email, { subject: 'New applicant for your', since: applied });
  await practicePage.reload();
  const item = shiftItem(practicePage, date);
  await expect(item).toContainText('2 applicants');
  await item
    .getByRole('button', { name: `View applicants for shift on ${longDate(date)}` })
    .click();
  const applicants = practicePage.getByRole('dialog', { name: `Applicants for ${longDate(date)}` });
  const applicantCard = applicants.getByRole('listitem').filter({ hasText: pro.name });
  await expect(applicantCard).toContainText('Experience:4 years');
  await expect(applicantCard).toContainText('Rating:No ratings yet');
  await expect(applicantCard).toContainText('Shifts completed:0');
  await expect(applicantCard).toContainText('happy to come in early');
  await expectNoSeriousA11yViolations(practicePage);
  await applicantCard.getByRole('button', { name: `Accept ${pro.name}` }).click();
  const confirm = practicePage.getByRole('dialog', { name: `Accept ${pro.name}?` });
  await expect(confirm).toContainText(
    'Accepting fills the shift and declines the other applicants.',
  );
  const accepted = new Date();
  await confirm.getByRole('button', { name: 'Yes, Accept' }).click();
  await expect(practicePage.getByText('Applicant accepted. The shift is filled.')).toBeVisible();
  await expect(applicants).toBeHidden();
  await expect(item).toContainText('Filled');
  await expect(item).toContainText(`Booked:${pro.name} (Confirmed)`);
  // Accepting one declined the other.
  const others = (await (await otherApi.get('/api/professional/applications')).json()) as {
    applications: Array<{ status: string; shift: { id: string } }>;
  };
  expect(others.applications.find((a) => a.shift.id === shiftId)?.status).toBe('declined');
  await otherApi.dispose();

  // Both sides are e-mailed.
  await readMail(request, pro.email, { subject: "You're booked", since: accepted });
  await readMail(request, practice.email, { subject: `${pro.name} is booked`, since: accepted });

  // The practice's calendar names the professional.
  await openSection(practicePage, 'Schedule');
  await practicePage.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(
    practicePage.getByRole('button', { name: new RegExp(`Hygienist · .* · ${pro.name}`) }),
  ).toBeVisible();

  // The professional's schedule and dashboard show the booking.
  await openSection(proPage, 'Schedule');
  await proPage.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(proPage.locator('.rbc-event', { hasText: practice.practiceName })).toBeVisible();
  const upcoming = proPage.getByRole('region', { name: 'Upcoming Shifts' });
  const booking = upcoming.getByRole('listitem').filter({ hasText: practice.practiceName });
  await expect(booking).toContainText(longDate(date));
  await expect(booking).toContainText('Confirmed');
  await expectNoSeriousA11yViolations(proPage);
  await openSection(proPage, 'Dashboard');
  await expect(
    proPage.getByText('Upcoming Shifts', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('1');
  await expect(proPage.getByRole('region', { name: 'Next Shifts' })).toContainText(
    practice.practiceName,
  );

  // The professional cancels: a reason is required, the practice is told, the shift reopens.
  await openSection(proPage, 'Schedule');
  await booking
    .getByRole('button', { name: `Cancel booking for Hygienist shift on ${shortDate(date)}` })
    .click();
  const cancelDialog = proPage.getByRole('dialog', { name: 'Cancel this booking?' });
  await cancelDialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
  await expect(cancelDialog.getByText('Please give a reason for cancelling')).toBeVisible();
  await expect(cancelDialog.getByLabel('Reason for cancelling')).toBeFocused();
  await cancelDialog.getByLabel('Reason for cancelling').fill('Family emergency that week');
  const cancelled = new Date();
  await cancelDialog.getByRole('button', { name: 'Yes, Cancel Booking' }).click();
  await expect(proPage.getByText('Booking cancelled')).toBeVisible();
  const past = proPage.getByRole('region', { name: 'Past and Cancelled' });
  await expect(past).toContainText('You cancelled this booking:Family emergency that week');
  await expect(upcoming).toContainText('No upcoming shifts');
  await readMail(request, practice.email, { subject: `${pro.name} cancelled`, since: cancelled });

  await openSection(practicePage, 'Staffing Requests');
  await expect(shiftItem(practicePage, date)).toContainText('Open');
  await expect(shiftItem(practicePage, date)).not.toContainText('Booked:');
});

test('instant shift: the first professional books it, the second is told it is taken, the practice cancels with a reason', async ({
  browser,
  baseURL,
  request,
}) => {
  const { date } = nextMonthAt(13, 12);
  const practice = await createNamedPractice(baseURL!, 'Instant Smiles');
  const suffix = Date.now().toString(36);
  const first = await createMatchingProfessional(baseURL!, {
    firstName: 'Ines',
    lastName: `First${suffix}`,
  });
  const second = await createMatchingProfessional(baseURL!, {
    firstName: 'Sam',
    lastName: `Second${suffix}`,
  });

  const practicePage = await portalPage(browser, '/practice-login', practice);
  await postShiftInForm(practicePage, date, 'Instant book');

  // Both professionals have the board open. The second's live updates are off (a phone whose
  // connection for them dropped, or a tap within the second it takes them to arrive): their board
  // still shows the shift after it is booked, as with no live updates at all.
  const firstPage = await portalPage(browser, '/professional-login', first);
  const secondPage = await portalPage(browser, '/professional-login', second, {
    liveUpdates: false,
  });
  for (const page of [firstPage, secondPage]) {
    await openSection(page, 'Find Shifts');
    await expect(boardCard(page, practice.practiceName)).toContainText('Booking:Instant book');
  }

  // The first books it, after confirming the shift's summary.
  const bookName = `Book Hygienist shift on ${shortDate(date)} now`;
  await boardCard(firstPage, practice.practiceName).getByRole('button', { name: bookName }).click();
  const confirm = firstPage.getByRole('dialog', { name: 'Book this shift?' });
  await expect(confirm).toContainText(`Hygienist at ${practice.practiceName} on ${longDate(date)}`);
  await expect(confirm).toContainText('8:00 AM – 4:00 PM');
  await expect(confirm).toContainText('$55.00/hr');
  await expectNoSeriousA11yViolations(firstPage);
  await confirm.getByRole('button', { name: 'Book Shift' }).click();
  await expect(firstPage.getByText('Shift booked! It is on your schedule.')).toBeVisible();
  await expect(boardCard(firstPage, practice.practiceName)).toHaveCount(0);
  // Focus stays on the board, not lost with the booked card.
  await expect(firstPage.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeFocused();

  // The second, on a board that still shows it, is told it is taken; the board refreshes.
  await boardCard(secondPage, practice.practiceName)
    .getByRole('button', { name: bookName })
    .click();
  await secondPage
    .getByRole('dialog', { name: 'Book this shift?' })
    .getByRole('button', { name: 'Book Shift' })
    .click();
  await expect(
    secondPage.getByText('Sorry, another professional has just booked this shift'),
  ).toBeVisible();
  await expect(boardCard(secondPage, practice.practiceName)).toHaveCount(0);

  // The practice sees who booked, then cancels the filled shift: a reason is required.
  await practicePage.reload();
  const item = shiftItem(practicePage, date);
  await expect(item).toContainText('Filled');
  await expect(item).toContainText(`Booked:${first.name} (Confirmed)`);
  await item.getByRole('button', { name: `Cancel shift on ${longDate(date)}` }).click();
  const dialog = practicePage.getByRole('dialog', { name: 'Cancel this shift?' });
  await expect(dialog).toContainText(`${first.name} is booked on this shift`);
  await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
  await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
  await expectNoSeriousA11yViolations(practicePage);
  await dialog.getByLabel('Reason for cancelling').fill('Our office has a burst pipe');
  const cancelled = new Date();
  await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
  await expect(practicePage.getByText('Shift cancelled successfully')).toBeVisible();
  await expect(item).toContainText('Cancelled');
  await expect(item).toContainText('Cancellation reason:Our office has a burst pipe');

  // The professional is told, and their schedule says who cancelled and why.
  await readMail(request, first.email, {
    subject: `${practice.practiceName} cancelled`,
    since: cancelled,
  });
  await openSection(firstPage, 'Schedule');
  await expect(firstPage.getByRole('region', { name: 'Past and Cancelled' })).toContainText(
    'The practice cancelled this booking:Our office has a burst pipe',
  );
});

test('after the shift both sides rate each other once, and the averages reach the dashboards', async ({
  browser,
  baseURL,
  request,
}) => {
  const { date, at: shiftEnd } = nextMonthAt(15, 16);
  const practice = await createNamedPractice(baseURL!, 'Rating Row Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Robin',
    lastName: `Rated${Date.now().toString(36)}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  expect(
    (await proApi.post(`/api/professional/shifts/${shiftId}/book`, { data: {} })).status(),
  ).toBe(201);
  // Not completed yet: rating is refused and nothing is stored.
  const early = await practiceApi.post(`/api/practice/shifts/${shiftId}/rating`, {
    data: { stars: 5 },
  });
  expect(early.status()).toBe(409);

  // The shift ends and nobody checks out: a day later the scheduled hours are submitted, and two
  // days after that, with no decision by the practice, they are approved and the shift completed.
  const hour = 3_600_000;
  await runJobs(request, new Date(shiftEnd.getTime() + 24 * hour + 60_000));
  await runJobs(request, new Date(shiftEnd.getTime() + 72 * hour + 120_000));

  // The practice rates the professional: stars are a radio group used from the keyboard.
  const practicePage = await portalPage(browser, '/practice-login', practice);
  await openSection(practicePage, 'Staffing Requests');
  const item = shiftItem(practicePage, date);
  await expect(item).toContainText('Completed');
  await item
    .getByRole('button', { name: `Rate ${pro.name} for shift on ${longDate(date)}` })
    .click();
  const rateDialog = practicePage.getByRole('dialog', { name: `Rate ${pro.name}` });
  await rateDialog.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(rateDialog.getByText('Please choose from 1 to 5 stars')).toBeVisible();
  const stars = rateDialog.getByRole('group', { name: 'Rating' });
  await stars.getByRole('radio', { name: '1 star', exact: true }).check();
  for (let i = 0; i < 4; i += 1) await practicePage.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await rateDialog.getByLabel('Comment (optional)').fill('Punctual and great with patients');
  await expectNoSeriousA11yViolations(practicePage);
  await rateDialog.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(practicePage.getByText('Thank you for your rating')).toBeVisible();
  await expect(item.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Rate / })).toHaveCount(0);

  // Once only.
  const twice = await practiceApi.post(`/api/practice/shifts/${shiftId}/rating`, {
    data: { stars: 1 },
  });
  expect(twice.status()).toBe(409);
  expect(((await twice.json()) as { error: { message: string } }).error.message).toBe(
    'You have already rated this shift',
  );

  // The professional rates the practice from their schedule.
  const proPage = await portalPage(browser, '/professional-login', pro);
  await openSection(proPage, 'Schedule');
  const past = proPage.getByRole('region', { name: 'Past and Cancelled' });
  const booking = past.getByRole('listitem').filter({ hasText: practice.practiceName });
  await expect(booking).toContainText('Completed');
  await booking
    .getByRole('button', {
      name: `Rate ${practice.practiceName} for Hygienist shift on ${shortDate(date)}`,
    })
    .click();
  const proRate = proPage.getByRole('dialog', { name: `Rate ${practice.practiceName}` });
  await proRate
    .getByRole('group', { name: 'Rating' })
    .getByRole('radio', { name: '4 stars' })
    .check();
  await proRate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(proPage.getByText('Thank you for your rating')).toBeVisible();
  await expect(booking.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  // The dashboards show each side's average rating.
  await openSection(proPage, 'Dashboard');
  await expect(
    proPage.getByText('Average Rating', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('5.0');
  await openSection(practicePage, 'Dashboard');
  await expect(
    practicePage.getByRole('listitem').filter({ hasText: 'Average Rating' }),
  ).toContainText('4.0');
  await expect(
    practicePage.getByRole('listitem').filter({ hasText: 'Professionals Worked With' }),
  ).toContainText('1');

  await practiceApi.dispose();
  await proApi.dispose();
});

test('a professional who is not verified sees the board with a notice and no booking buttons', async ({
  page,
  baseURL,
}) => {
  const { date } = nextMonthAt(17, 12);
  const practice = await createNamedPractice(baseURL!, 'Pending View Dental');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  await postShift(practiceApi, {
    date: dateValue(date),
    bookingMode: 'review',
    startTime: '17:00',
    endTime: '20:00',
  });
  await practiceApi.dispose();
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Pat',
    lastName: `Pending${Date.now().toString(36)}`,
    verified: false,
  });

  await signIn(page, '/professional-login', pro);
  await openSection(page, 'Find Shifts');
  await expect(page.getByTestId('verification-status')).toContainText('Verification in progress');
  const cards = boardCard(page, practice.practiceName);
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) {
    await expect(card).toContainText('You can book shifts once your account is verified.');
    await expect(card.getByRole('button')).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
});
