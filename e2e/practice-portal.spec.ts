import { TZDate } from '@date-fns/tz';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addMonths, format, setDate } from 'date-fns';
import { createPracticeAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';

const ZONE = 'America/New_York';
/** The practice created by createPracticeAccount; its main location carries this name. */
const PRACTICE_NAME = 'Shoreline Family Dentistry';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/practice-login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/practice-portal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Days 10, 12 and 14 of next month (practice time): always inside the posting window. */
function nextMonthDates(): [Date, Date, Date] {
  const nextMonth = addMonths(TZDate.tz(ZONE), 1);
  return [setDate(nextMonth, 10), setDate(nextMonth, 12), setDate(nextMonth, 14)];
}

/** How react-day-picker names a day button ('Thursday, December 10th, 2026'). */
const dayButtonName = (date: Date) => new RegExp(`^${format(date, 'EEEE, MMMM do, yyyy')}`);
/** How the shift list shows a date ('Thu, Dec 10, 2026'). */
const shiftDate = (date: Date) => format(date, 'EEE, MMM d, yyyy');

function shiftItem(page: Page, date: Date): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: shiftDate(date), exact: true }),
  });
}

async function expectAlert(form: Locator, message: string) {
  await form.getByRole('button', { name: 'Create Shifts' }).click();
  await expect(form.getByRole('alert')).toHaveText(message);
}

test.describe('practice portal', () => {
  // The browser is on the West Coast: shift times must still show in New Jersey time.
  test.use({ timezoneId: 'America/Los_Angeles' });

  // No console errors or uncaught exceptions (refused requests the tests provoke aside).
  let consoleErrors: string[] = [];
  test.beforeEach(({ page }) => {
    consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
  });
  test.afterEach(() => {
    expect(consoleErrors, 'console errors').toEqual([]);
  });

  test('posts shifts on three dates, edits one, cancels one from the list and one from the calendar', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    const dates = nextMonthDates();
    const [first, second, third] = dates;

    // Dashboard: real figures and the current month's (empty) list with accessible tabs.
    const activeRequests = page.getByRole('button', { name: /Active Requests/ });
    await expect(activeRequests).toContainText('0');
    await expect(page.getByText('No shifts found for any position this month')).toBeVisible();
    const allTab = page.getByRole('tab', { name: 'All Positions' });
    await expect(allTab).toHaveAttribute('aria-selected', 'true');
    await allTab.focus();
    await page.keyboard.press('ArrowRight');
    const hygienistsTab = page.getByRole('tab', { name: 'Hygienists' });
    await expect(hygienistsTab).toHaveAttribute('aria-selected', 'true');
    await expect(hygienistsTab).toBeFocused();
    await expect(page.getByText('No shifts found for Hygienist this month')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Front Desk' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // 'New Staffing Request' opens Staffing Requests with the form revealed.
    await page.getByRole('button', { name: 'New Staffing Request' }).click();
    await expect(page).toHaveURL(/\/practice-portal\/staffing-requests$/);
    const form = page.getByRole('form', { name: 'New Staffing Request' });
    await expect(form).toBeVisible();

    // The spec's checks, in order, each as one alert above the form.
    await expectAlert(form, 'Please select a position');
    await form.getByLabel('Position').selectOption('Hygienist');
    await expect(form.getByLabel('Time per Patient')).toHaveValue('30');
    await expectAlert(form, 'Please select at least one date');

    await form.getByRole('button', { name: 'Go to the Next Month' }).click();
    for (const date of dates) {
      await form.getByRole('button', { name: dayButtonName(date) }).click();
    }
    await expect(form.getByText('3 dates selected')).toBeVisible();
    await expectAlert(form, 'Please select both start and end times');
    await form.getByLabel('Start Time').fill('17:00');
    await form.getByLabel('End Time').fill('09:00');
    await expectAlert(form, 'Please enter an hourly rate');
    await form.getByLabel('Hourly Rate ($)').fill('55.50');
    await expectAlert(form, 'Please select a location');
    // The location select lists the practice's locations (the main one from signup).
    const locationSelect = form.getByLabel('Location');
    await expect(locationSelect.locator('option')).toHaveText([
      'Select a location',
      `${PRACTICE_NAME} (Main)`,
    ]);
    await locationSelect.selectOption({ label: `${PRACTICE_NAME} (Main)` });
    await expectAlert(form, 'End time must be after start time');

    await form.getByLabel('Start Time').fill('09:00');
    await form.getByLabel('End Time').fill('17:00');
    await form.getByLabel('Break Time').selectOption({ label: '60 minutes' });
    await form.getByLabel('Time per Patient').selectOption('45');
    await form.getByLabel('Notes').fill('Perio maintenance day');
    await form.getByRole('button', { name: 'Create Shifts' }).click();
    await expect(page.getByText('Shifts created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    // The list: one month group, newest first, each shift with its details.
    const month = page.getByRole('button', { name: new RegExp(format(first, 'MMMM yyyy')) });
    await expect(month).toHaveAttribute('aria-expanded', 'true');
    const headings = page
      .getByRole('region', { name: 'All Shifts' })
      .getByRole('heading', { level: 4 });
    await expect(headings).toHaveText([shiftDate(third), shiftDate(second), shiftDate(first)]);
    const firstItem = shiftItem(page, first);
    await expect(firstItem).toContainText('9:00 AM – 5:00 PM');
    await expect(firstItem).toContainText('Hygienist');
    // The main location carries the practice's name, so the place reads once: street, town, ZIP.
    await expect(firstItem).toContainText('1 Ocean Avenue, Long Branch, NJ 07740');
    await expect(firstItem).not.toContainText(`${PRACTICE_NAME}, ${PRACTICE_NAME}`);
    await expect(firstItem).toContainText('$55.50/hr');
    await expect(firstItem).toContainText('60 minutes');
    await expect(firstItem).toContainText('45 minutes');
    await expect(firstItem).toContainText('Perio maintenance day');
    await expect(firstItem).toContainText('Open');
    await month.click();
    await expect(month).toHaveAttribute('aria-expanded', 'false');
    await expect(firstItem).toBeHidden();
    await month.click();
    await expect(firstItem).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Inline edit of start, end and rate.
    await firstItem.getByRole('button', { name: `Edit shift on ${shiftDate(first)}` }).click();
    const editForm = firstItem.getByRole('form');
    await editForm.getByLabel('Start Time').fill('10:00');
    await editForm.getByLabel('End Time').fill('16:30');
    await editForm.getByLabel('Hourly Rate ($)').fill('60');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Shift updated successfully')).toBeVisible();
    await expect(firstItem).toContainText('10:00 AM – 4:30 PM');
    await expect(firstItem).toContainText('$60.00/hr');

    // Cancel from the list, with a confirmation; a cancelled shift offers no actions.
    const secondItem = shiftItem(page, second);
    await secondItem.getByRole('button', { name: `Cancel shift on ${shiftDate(second)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this shift?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
    await expect(page.getByText('Shift cancelled successfully')).toBeVisible();
    await expect(secondItem).toContainText('Cancelled');
    await expect(secondItem.getByRole('button')).toHaveCount(0);

    // The calendar: the visible range's shifts; open blue, cancelled red.
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.locator('.rbc-toolbar-label')).toHaveText(format(first, 'MMMM yyyy'));
    const events = page.locator('.rbc-month-view .rbc-event');
    await expect(events).toHaveCount(3);
    const title = `Hygienist · ${PRACTICE_NAME}`;
    const cancelledEvent = events.filter({ hasText: `${title} (Cancelled)` });
    await expect(cancelledEvent).toHaveCount(1);
    await expect(cancelledEvent).toHaveCSS('background-color', 'rgba(127, 29, 29, 0.75)');
    const openEvents = events.filter({ hasNotText: 'Cancelled' });
    await expect(openEvents).toHaveCount(2);
    await expect(openEvents.first()).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await expectNoSeriousA11yViolations(page);

    // A cancelled shift opens nothing; an open one asks first, and 'Keep Shift' keeps it.
    await cancelledEvent.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const thirdEvent = page.getByRole('button', {
      name: new RegExp(`^${title}, ${shiftDate(third)}`),
    });
    await thirdEvent.click();
    const calendarDialog = page.getByRole('dialog', { name: 'Cancel this shift?' });
    await expect(calendarDialog).toContainText(shiftDate(third));
    await calendarDialog.getByRole('button', { name: 'Keep Shift' }).click();
    await expect(calendarDialog).toBeHidden();
    await expect(events.filter({ hasText: 'Cancelled' })).toHaveCount(1);
    // Keyboard: the event's button opens the same confirmation.
    await thirdEvent.focus();
    await page.keyboard.press('Enter');
    await calendarDialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
    // (The list's toast may still be showing: the newest one is this cancellation's.)
    await expect(page.getByText('Shift cancelled successfully').last()).toBeVisible();
    await expect(events.filter({ hasText: 'Cancelled' })).toHaveCount(2);

    // A day's number drills down to the day view: New Jersey times, although the browser is in
    // Los Angeles.
    await page
      .locator('.rbc-month-view .rbc-date-cell:not(.rbc-off-range) button')
      .filter({ hasText: new RegExp(`^${format(first, 'dd')}$`) })
      .click();
    await expect(page.locator('.rbc-toolbar-label')).toContainText(format(first, 'MMM dd'));
    await expect(page.locator('.rbc-time-view .rbc-event')).toContainText('10:00 AM – 4:30 PM');
    // The agenda from that day: every shift with its date and time.
    await page.getByRole('button', { name: 'Agenda' }).click();
    const agenda = page.locator('.rbc-agenda-view');
    await expect(agenda).toContainText(shiftDate(first));
    await expect(agenda).toContainText('10:00 AM – 4:30 PM');
    await expect(agenda).toContainText(shiftDate(third));
    // Its empty message, 60 days earlier (a range without shifts).
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText('There are no shifts in this range.')).toBeVisible();

    // The lists agree with the calendar.
    await page.getByRole('link', { name: 'Staffing Requests' }).click();
    await expect(shiftItem(page, third)).toContainText('Cancelled');
    await expect(shiftItem(page, first)).toContainText('Open');

    // Dashboard: one open shift left; Active Requests opens the Schedule.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(activeRequests).toContainText('1');
    await expect(page.getByRole('listitem').filter({ hasText: 'Upcoming Shifts' })).toContainText(
      '1',
    );
    await activeRequests.click();
    await expect(page).toHaveURL(/\/practice-portal\/schedule$/);
  });

  test('Staffing Requests: months latest first with counts per position, 25 shifts at a time', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    // 30 shifts next month (20 Hygienist, 10 Front Desk) and one Dental Assistant the month after.
    const nextMonth = addMonths(TZDate.tz(ZONE), 1);
    const monthAfter = addMonths(TZDate.tz(ZONE), 2);
    const day = (month: Date, n: number) => format(setDate(month, n), 'yyyy-MM-dd');
    const { locations } = (await (await page.request.get('/api/practice/locations')).json()) as {
      locations: { id: string }[];
    };
    const post = async (position: string, dates: string[]) => {
      const response = await page.request.post('/api/practice/shifts', {
        headers: { origin: new URL(baseURL!).origin },
        data: {
          position,
          dates,
          startTime: '08:00',
          endTime: '16:00',
          rate: '50',
          locationId: locations[0]!.id,
          breakMinutes: 30,
          timePerPatient: position === 'Front Desk' ? null : 30,
          notes: '',
        },
      });
      expect(response.status()).toBe(201);
    };
    const days = (month: Date, count: number) =>
      Array.from({ length: count }, (_, i) => day(month, i + 1));
    await post('Hygienist', days(nextMonth, 20));
    await post('Front Desk', days(nextMonth, 10));
    await post('Dental Assistant', [day(monthAfter, 5)]);

    await page.getByRole('link', { name: 'Staffing Requests' }).click();
    const list = page.getByRole('region', { name: 'All Shifts' });
    const monthButtons = list.getByRole('button', { name: /^\w+ \d{4} \(\d+ shifts?\)$/ });
    await expect(monthButtons).toHaveText([
      `${format(monthAfter, 'MMMM yyyy')} (1 shift)`,
      `${format(nextMonth, 'MMMM yyyy')} (30 shifts)`,
    ]);
    // The busy month shows its 25 newest shifts (after the other month's one), then the rest.
    const headings = list.getByRole('heading', { level: 4 });
    await expect(headings).toHaveCount(26);
    await expect(headings.nth(1)).toHaveText(shiftDate(setDate(nextMonth, 20)));
    const more = list.getByRole('button', {
      name: `Show 5 more of 5 remaining in ${format(nextMonth, 'MMMM yyyy')}`,
    });
    await more.click();
    await expect(headings).toHaveCount(31);
    // Focus moves to the first shift revealed, the month's 26th newest: newest start first, and
    // on days 10 to 1 the Front Desk shift (posted later) before the Hygienist one.
    await expect(headings.nth(26)).toBeFocused();
    await expect(headings.nth(26)).toHaveText(shiftDate(setDate(nextMonth, 3)));
    await expect(more).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    // Per position: the months that have its shifts, with its count.
    await list.getByRole('tab', { name: 'Front Desk' }).click();
    await expect(monthButtons).toHaveText([`${format(nextMonth, 'MMMM yyyy')} (10 shifts)`]);
    await expect(headings).toHaveCount(10);
    await list.getByRole('tab', { name: 'Dental Assistants' }).click();
    await expect(monthButtons).toHaveText([`${format(monthAfter, 'MMMM yyyy')} (1 shift)`]);
    await expect(headings).toHaveCount(1);
    await list.getByRole('tab', { name: 'Hygienists' }).click();
    await expect(
      list.getByRole('button', {
        name: `Show 20 more of 20 remaining in ${format(nextMonth, 'MMMM yyyy')}`,
      }),
    ).toHaveCount(0);
    await expect(headings).toHaveCount(20);

    // Opened by its address, the months appear together with their first shifts, none pushed
    // down by another arriving. (A first frame of an on-screen shift at its placeholder height,
    // content-visibility's, moves what follows by a few pixels: about 0.01 of the screen.)
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // On a slow phone's processor, where the shifts take several frames to render.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/practice-portal/staffing-requests');
    await expect(headings).toHaveCount(26);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(monthButtons).toHaveCount(2);
    await expect(more).toBeVisible();
    const layoutShifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    expect(layoutShifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
  });

  test('without locations the form says so and leads to the Locations add form', async ({
    page,
    baseURL,
  }) => {
    // Every practice gets a main location at signup and the main location cannot be deleted, so
    // a practice without locations cannot be reached through the product: the API's answer is
    // replaced here to show what the form does in that state.
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    await page.route('**/api/practice/locations', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { locations: [] } })
        : route.fallback(),
    );
    await page.getByRole('link', { name: 'Staffing Requests' }).click();
    await page.getByRole('button', { name: 'New Staffing Request' }).click();
    const form = page.getByRole('form', { name: 'New Staffing Request' });
    await expect(
      form.getByText('No locations found. Please add a location in the Locations tab first.'),
    ).toBeVisible();
    await expect(form.getByLabel('Location')).toHaveCount(0);
    await form.getByRole('button', { name: 'Add Location' }).click();
    await expect(page).toHaveURL(/\/practice-portal\/locations$/);
    await expect(page.getByRole('form', { name: 'Add Location' })).toBeVisible();
    await expect(page.getByLabel('Location Name')).toBeFocused();
  });

  test('adds, edits, makes main and deletes locations; the main one cannot be deleted', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    await page.getByRole('link', { name: 'Locations' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();

    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const main = card(PRACTICE_NAME);
    await expect(main).toContainText('Main Location');
    await expect(main.getByRole('button', { name: `Delete ${PRACTICE_NAME}` })).toBeDisabled();
    await expect(main).toContainText('Cannot delete the main location');
    await expect(main.getByRole('button', { name: /Make .* main/ })).toHaveCount(0);

    // Add, with the form's rules first.
    await page.getByRole('button', { name: 'Add Location' }).click();
    const addForm = page.getByRole('form', { name: 'Add Location' });
    await addForm.getByRole('button', { name: 'Add Location' }).click();
    await expect(addForm.getByText('This field is required').first()).toBeVisible();
    await addForm.getByLabel('Location Name').fill('Bayview Office');
    await addForm.getByLabel('Address').fill('200 Bay Street');
    await addForm.getByLabel('City').fill('Toms River');
    await addForm.getByLabel('State').fill('NJ');
    await addForm.getByLabel('ZIP Code').fill('08753');
    await addForm.getByLabel('Phone').fill('732-555-0188');
    await addForm.getByLabel('Email').fill('bayview@example.com');
    await addForm.getByLabel('Point of Contact').fill('Jordan Ellis');
    await addForm.getByLabel('Dental Software').fill('Eaglesoft');
    await addForm.getByLabel('Operatory Count').fill('0');
    await addForm.getByRole('button', { name: 'Add Location' }).click();
    await expect(addForm.getByText('Operatory count must be at least 1')).toBeVisible();
    await addForm.getByLabel('Operatory Count').fill('3');
    await addForm.getByRole('button', { name: 'Add Location' }).click();
    await expect(addForm).toBeHidden();
    const bayview = card('Bayview Office');
    await expect(bayview).toContainText('200 Bay Street');
    await expect(bayview).toContainText('Toms River, NJ 08753');
    await expect(bayview).toContainText(/Operatories:\s*3/);

    // Edit: the card turns into a form and back.
    await bayview.getByRole('button', { name: 'Edit Bayview Office' }).click();
    const editForm = page.getByRole('form', { name: 'Edit Bayview Office' });
    await editForm.getByLabel('Location Name').fill('Bayview Dental Suite');
    await editForm.getByLabel('Operatory Count').fill('4');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(editForm).toBeHidden();
    const suite = card('Bayview Dental Suite');
    await expect(suite).toContainText(/Operatories:\s*4/);

    // Make main: the badge moves, and so does the refusal to delete.
    await suite
      .getByRole('button', { name: 'Make Bayview Dental Suite the main location' })
      .click();
    await expect(suite).toContainText('Main Location');
    await expect(main).not.toContainText('Main Location');
    await expect(suite.getByRole('button', { name: 'Delete Bayview Dental Suite' })).toBeDisabled();

    // Delete asks first; dismissing keeps the location.
    await main.getByRole('button', { name: `Delete ${PRACTICE_NAME}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this location?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(main).toBeVisible();
    await main.getByRole('button', { name: `Delete ${PRACTICE_NAME}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(main).toHaveCount(0);

    // The server refuses to delete the main location: here the page's list is stale because the
    // location became main elsewhere (another tab), and the refusal is shown as it is.
    await page.getByRole('button', { name: 'Add Location' }).click();
    await addForm.getByLabel('Location Name').fill('Harbor Annex');
    await addForm.getByLabel('Address').fill('9 Harbor Road');
    await addForm.getByLabel('ZIP Code').fill('08753');
    await addForm.getByLabel('Phone').fill('7325550190');
    await addForm.getByLabel('Email').fill('annex@example.com');
    await addForm.getByLabel('Point of Contact').fill('Riley Shah');
    await addForm.getByRole('button', { name: 'Add Location' }).click();
    const annex = card('Harbor Annex');
    await expect(annex).toBeVisible();
    const list = await page.request.get('/api/practice/locations');
    const { locations } = (await list.json()) as { locations: { id: string; name: string }[] };
    const annexId = locations.find((l) => l.name === 'Harbor Annex')!.id;
    const madeMain = await page.request.post(`/api/practice/locations/${annexId}/make-main`, {
      headers: { origin: new URL(baseURL!).origin },
      data: {},
    });
    expect(madeMain.status()).toBe(200);
    await annex.getByRole('button', { name: 'Delete Harbor Annex' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Cannot delete the main location' }),
    ).toBeVisible();
    await expect(annex).toContainText('Main Location');
    await expect(annex.getByRole('button', { name: 'Delete Harbor Annex' })).toBeDisabled();
  });

  test('saves each Office Information section on its own', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    await page.getByRole('link', { name: 'Office Information' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Office Information' })).toBeVisible();

    const section = (name: string) => page.getByRole('region', { name });

    // Basic Information
    const basic = section('Basic Information');
    await basic.getByRole('button', { name: 'Edit Basic Information' }).click();
    await basic.getByLabel('Practice Name').fill('Shoreline Dental Group');
    await basic.getByLabel('ZIP Code').fill('0774');
    await basic.getByRole('button', { name: 'Save Basic Information' }).click();
    await expect(basic.getByText('Please enter a valid 5-digit ZIP code')).toBeVisible();
    await basic.getByLabel('ZIP Code').fill('07740');
    await basic.getByRole('button', { name: 'Save Basic Information' }).click();
    await expect(basic.getByRole('button', { name: 'Save Basic Information' })).toHaveText(
      'Saved!',
    );
    await expect(basic.getByRole('button', { name: 'Edit Basic Information' })).toBeVisible();
    await expect(basic).toContainText('Shoreline Dental Group');

    // Contact Information
    const contact = section('Contact Information');
    await contact.getByRole('button', { name: 'Edit Contact Information' }).click();
    await contact.getByLabel('Business Owner').fill('Dr. Avery Stone');
    await contact.getByLabel('Mobile Number').fill('(732) 555-0142');
    await contact.getByRole('button', { name: 'Save Contact Information' }).click();
    await expect(contact.getByRole('button', { name: 'Save Contact Information' })).toHaveText(
      'Saved!',
    );
    await expect(contact.getByRole('button', { name: 'Edit Contact Information' })).toBeVisible();
    await expect(contact).toContainText('Dr. Avery Stone');
    await expect(contact).toContainText('(732) 555-0142');
    // The other sections' values were kept (the whole record is written each time).
    await expect(basic).toContainText('Shoreline Dental Group');

    // Software & Rates
    const software = section('Software & Rates');
    await software.getByRole('button', { name: 'Edit Software & Rates' }).click();
    await software.getByLabel('Dentrix', { exact: true }).check();
    await software.getByLabel('Curve').check();
    await software.getByLabel('Other Software').fill('Dexis');
    await software.getByLabel('Hygienist Max Rate ($/hr)').fill('65.5');
    await software.getByLabel('Front Desk Max Rate ($/hr)').fill('30');
    await software.getByRole('button', { name: 'Save Software & Rates' }).click();
    await expect(software.getByRole('button', { name: 'Save Software & Rates' })).toHaveText(
      'Saved!',
    );
    await expect(software.getByRole('button', { name: 'Edit Software & Rates' })).toBeVisible();
    await expect(software).toContainText('Dentrix, Curve, Dexis');
    await expect(software).toContainText('$65.50/hr');
    await expect(software).toContainText('$30.00/hr');

    // Saved for real: a reload shows the same record.
    await page.reload();
    await expect(section('Basic Information')).toContainText('Shoreline Dental Group');
    await expect(section('Contact Information')).toContainText('Dr. Avery Stone');
    await expect(section('Software & Rates')).toContainText('$65.50/hr');

    // A failed save shows 'Error' and stays in edit mode.
    await page.route('**/api/practice', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            json: { error: { code: 'internal', message: 'Something went wrong' } },
          })
        : route.fallback(),
    );
    const contactAgain = section('Contact Information');
    await contactAgain.getByRole('button', { name: 'Edit Contact Information' }).click();
    await contactAgain.getByLabel('Business Owner').fill('Someone Else');
    await contactAgain.getByRole('button', { name: 'Save Contact Information' }).click();
    await expect(contactAgain.getByRole('button', { name: 'Save Contact Information' })).toHaveText(
      'Error',
    );
    await expect(contactAgain.getByLabel('Business Owner')).toHaveValue('Someone Else');
    await expectNoSeriousA11yViolations(page);
  });

  test('on a 375 px phone the menu opens and closes, and no section overflows', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 740 });
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    const menu = page.getByRole('navigation', { name: 'Portal' });
    await expect(menu).toBeHidden();

    const sections = [
      ['Staffing Requests', 'Staffing Requests'],
      ['Schedule', 'Schedule'],
      ['Billing', 'Billing'],
      ['Office Information', 'Office Information'],
      ['Locations', 'Locations'],
      ['Dashboard', 'Dashboard'],
    ] as const;
    for (const [link, heading] of sections) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: link }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSidewaysScroll(page, heading);
    }

    // The toggle works from the keyboard both ways; a tap beside the open menu closes it.
    const toggle = page.getByRole('button', { name: /(Open|Close) menu/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(350, 400);
    await expect(menu).toBeHidden();

    // An unknown section path.
    await page.goto('/practice-portal/unknown-section');
    await expect(page.getByText('Select a section')).toBeVisible();
  });

  test('the sections have no serious accessibility violations', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    const account = await createPracticeAccount(baseURL!);
    await signIn(page, account);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Staffing Requests' }).click();
    await page.getByRole('button', { name: 'New Staffing Request' }).click();
    await expect(page.getByRole('form', { name: 'New Staffing Request' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Schedule' }).click();
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Locations' }).click();
    await expect(page.getByText('Main Location', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
