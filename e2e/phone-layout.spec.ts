import { TZDate } from '@date-fns/tz';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, differenceInCalendarDays, format, parse } from 'date-fns';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  postShift,
  signedInApi,
  signIn as signInOnPage,
} from './support/marketplace';
import { expectNoSidewaysScroll } from './support/fixtures';

/** Signs in on the login page and waits until the portal has opened. */
async function signIn(
  page: Page,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
) {
  await signInOnPage(page, loginPath, account);
  await expect(page).toHaveURL(/-portal/);
}

/**
 * The portals on phones (360 and 375 px wide) and on a desktop: the schedule calendars fit and
 * every toolbar control can be reached, the notification panel stays on screen, tab lists that
 * run past the edge say so, and the agenda lists 30 days.
 */

const ZONE = 'America/New_York';
const phones = [360, 375] as const;
const toolbarButtons = ['Today', 'Back', 'Next', 'Month', 'Week', 'Day', 'Agenda'];

/** Tomorrow in New Jersey: inside the posting window, and on a calendar opened today. */
const tomorrow = () => addDays(TZDate.tz(ZONE), 1);

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** The element lies inside [0, width] horizontally (fully on screen sideways). */
async function expectOnScreen(locator: Locator, width: number, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
}

/** Toolbar and views of a schedule calendar on a phone `width` px wide. */
async function checkCalendarOnPhone(page: Page, width: number, name: string) {
  const calendar = page.locator('.rbc-calendar');
  await expect(calendar).toBeVisible();
  // A phone opens the agenda: a list that fits, not a seven-column grid.
  await expect(page.locator('.rbc-agenda-view')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agenda' })).toHaveClass(/rbc-active/);
  for (const button of toolbarButtons) {
    await expectOnScreen(
      calendar.getByRole('button', { name: button, exact: true }),
      width,
      `${name} at ${width} px: ${button}`,
    );
  }
  await expectOnScreen(page.locator('.rbc-toolbar-label'), width, `${name}: range label`);
  // The agenda starts on New Jersey's today, whatever zone the phone is in.
  const [firstDay] = agendaRange(await page.locator('.rbc-toolbar-label').innerText());
  expect(format(firstDay, 'yyyy-MM-dd'), `${name}: the agenda's first day`).toBe(
    format(TZDate.tz(ZONE), 'yyyy-MM-dd'),
  );
  // The agenda's shift: its Event column is on screen, not cut off.
  const eventCell = page.locator('.rbc-agenda-event-cell').first();
  await expect(eventCell).toBeVisible();
  await expectOnScreen(eventCell, width, `${name} at ${width} px: agenda event column`);
  await expectNoSidewaysScroll(page, `${name} agenda at ${width} px`);
  await screenshot(page, `${name}-agenda-${width}`);

  // Week view: tomorrow's event is wide enough to read (titles wrap between words).
  await calendar.getByRole('button', { name: 'Day', exact: true }).click();
  await calendar.getByRole('button', { name: 'Next', exact: true }).click();
  await calendar.getByRole('button', { name: 'Week', exact: true }).click();
  const weekEvent = page.locator('.rbc-time-view .rbc-event').first();
  await expect(weekEvent).toBeVisible();
  await weekEvent.scrollIntoViewIfNeeded();
  const eventBox = await weekEvent.boundingBox();
  expect(eventBox!.width, `${name} week event at ${width} px`).toBeGreaterThanOrEqual(70);
  await expectNoSidewaysScroll(page, `${name} week at ${width} px`);
  for (const button of toolbarButtons) {
    await expectOnScreen(
      calendar.getByRole('button', { name: button, exact: true }),
      width,
      `${name} week at ${width} px: ${button}`,
    );
  }
  await screenshot(page, `${name}-week-${width}`);
  await calendar.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.locator('.rbc-month-view')).toBeVisible();
  await expectOnScreen(
    page.locator('.rbc-month-view .rbc-header').last(),
    width,
    `${name} month at ${width} px: Saturday`,
  );
  await expectNoSidewaysScroll(page, `${name} month at ${width} px`);
  await screenshot(page, `${name}-month-${width}`);
}

/** 'MM/dd/yyyy – MM/dd/yyyy' (the agenda's range label) as its first and last day. */
function agendaRange(label: string): [Date, Date] {
  const [from, to] = label.split(/\s+[–-]\s+/);
  const parseDay = (text: string) => parse(text.trim(), 'MM/dd/yyyy', new Date());
  return [parseDay(from!), parseDay(to!)];
}

test.describe('phones and the desktop', () => {
  // A browser 19 hours ahead of New Jersey (on the next day most of the day): the calendars still
  // open on New Jersey's today, and tomorrow's shift is on the week after Day > Next.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('the practice schedule fits 360 and 375 px phones: agenda first, every toolbar control reachable', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const practice = await createNamedPractice(baseURL!, 'Phone Calendar Dental');
    const api = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
    await postShift(api, { date: dateValue(tomorrow()), bookingMode: 'review' });
    await api.dispose();

    for (const width of phones) {
      await page.setViewportSize({ width, height: 780 });
      await signIn(page, '/practice-login', practice);
      await page.goto('/practice-portal/schedule');
      await checkCalendarOnPhone(page, width, 'practice');
      await page.context().clearCookies();
    }
  });

  test('on a desktop the schedule opens on the month; its agenda lists 30 days and Next moves on by 30', async ({
    page,
    baseURL,
  }) => {
    const practice = await createNamedPractice(baseURL!, 'Agenda Length Dental');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, '/practice-login', practice);
    await page.goto('/practice-portal/schedule');
    await expect(page.locator('.rbc-month-view')).toBeVisible();
    await expectOnScreen(page.locator('.rbc-month-view .rbc-header').last(), 1280, 'Saturday');
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const label = page.locator('.rbc-toolbar-label');
    await expect(label).toContainText('–');
    const [first, last] = agendaRange(await label.innerText());
    expect(differenceInCalendarDays(last, first) + 1, 'days in the agenda').toBe(30);
    await screenshot(page, 'practice-agenda-1280');
    const before = await label.innerText();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(label).not.toHaveText(before);
    const [nextFirst, nextLast] = agendaRange(await label.innerText());
    expect(differenceInCalendarDays(nextFirst, first), 'Next moves by 30 days').toBe(30);
    expect(differenceInCalendarDays(nextLast, nextFirst) + 1).toBe(30);
  });

  test('the professional schedule fits 360 and 375 px phones: agenda first, every toolbar control reachable', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const practice = await createNamedPractice(baseURL!, 'Phone Booking Dental');
    const pro = await createMatchingProfessional(baseURL!, {
      firstName: 'Avery',
      lastName: `Phone${Date.now().toString(36)}`,
    });
    const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
    const shiftId = await postShift(practiceApi, {
      date: dateValue(tomorrow()),
      bookingMode: 'instant',
    });
    await practiceApi.dispose();
    const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
    const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`, { data: {} });
    expect(booked.status(), await booked.text()).toBe(201);
    await proApi.dispose();

    for (const width of phones) {
      await page.setViewportSize({ width, height: 780 });
      await signIn(page, '/professional-login', pro);
      await page.goto('/hygienist-portal/schedule');
      await checkCalendarOnPhone(page, width, 'professional');
      await page.context().clearCookies();
    }
  });

  test('the notification panel opens fully on screen on 360 and 375 px phones', async ({
    page,
    baseURL,
  }) => {
    const pro = await createMatchingProfessional(baseURL!, {
      firstName: 'Noa',
      lastName: `Bell${Date.now().toString(36)}`,
    });
    for (const width of phones) {
      await page.setViewportSize({ width, height: 780 });
      await signIn(page, '/professional-login', pro);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await expect(panel).toBeVisible();
      await expectOnScreen(panel, width, `notification panel at ${width} px`);
      await screenshot(page, `notifications-${width}`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await page.context().clearCookies();
    }
  });

  test('tabs wider than a phone scroll with a visible cue and keep the selected tab in view', async ({
    page,
    baseURL,
  }) => {
    const practice = await createNamedPractice(baseURL!, 'Phone Tabs Dental');
    for (const width of phones) {
      await page.setViewportSize({ width, height: 780 });
      await signIn(page, '/practice-login', practice);
      await page.goto('/practice-portal/staffing-requests');
      const tabs = page.getByRole('tablist', { name: 'Filter shifts by position' });
      await expect(tabs).toBeVisible();
      const scrolls = await tabs.evaluate((list) => list.scrollWidth > list.clientWidth);
      expect(scrolls, `the four tabs are wider than ${width} px`).toBe(true);
      // A cue at the end with tabs out of view; none at the start.
      await expect(tabs).toHaveAttribute('data-overflow-end', 'true');
      await expect(tabs).not.toHaveAttribute('data-overflow-start', 'true');
      const endCue = page.getByTestId('tabs-fade-end');
      await expect(endCue).toBeVisible();
      await screenshot(page, `tabs-start-${width}`);

      // The last tab, chosen from the keyboard, scrolls into view; the cue moves to the start.
      await page.getByRole('tab', { name: 'All Positions' }).focus();
      await page.keyboard.press('End');
      const last = page.getByRole('tab', { name: 'Front Desk' });
      await expect(last).toHaveAttribute('aria-selected', 'true');
      await expect(tabs).toHaveAttribute('data-overflow-start', 'true');
      await expect(page.getByTestId('tabs-fade-start')).toBeVisible();
      const listBox = (await tabs.boundingBox())!;
      await expect
        .poll(async () => {
          const box = (await last.boundingBox())!;
          return box.x >= listBox.x - 0.5 && box.x + box.width <= listBox.x + listBox.width + 0.5;
        })
        .toBe(true);
      await expectNoSidewaysScroll(page, `Staffing Requests at ${width} px`);
      await screenshot(page, `tabs-end-${width}`);
      await page.context().clearCookies();
    }
  });
});

test('the practice agenda marks only the cancelled shift, not its whole date (360 and 1280 px)', async ({
  page,
  baseURL,
}) => {
  const practice = await createNamedPractice(baseURL!, 'Agenda Cancel Dental');
  const api = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const date = dateValue(tomorrow());
  const first = await postShift(api, {
    date,
    bookingMode: 'review',
    startTime: '08:00',
    endTime: '12:00',
  });
  await postShift(api, { date, bookingMode: 'review', startTime: '13:00', endTime: '17:00' });
  expect((await api.post(`/api/practice/shifts/${first}/cancel`, { data: {} })).ok()).toBe(true);
  await api.dispose();

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, '/practice-login', practice);
    await page.goto('/practice-portal/schedule');
    if (width > 639) await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    const agenda = page.locator('.rbc-agenda-view');
    await expect(agenda).toBeVisible();
    const dateCell = agenda.locator('.rbc-agenda-date-cell').first();
    await expect(dateCell).toBeVisible();
    // Neither the date cell nor the row that holds it is red or struck through.
    const marks = await dateCell.evaluate((cell) =>
      [cell, cell.parentElement!].map((element) => {
        const style = getComputedStyle(element);
        return `${style.textDecorationLine} ${style.backgroundColor}`;
      }),
    );
    expect(marks, `${width} px: the date cell`).toEqual([
      'none rgba(0, 0, 0, 0)',
      'none rgba(0, 0, 0, 0)',
    ]);
    const cancelled = agenda.locator('.rbc-agenda-event-cell', { hasText: '(Cancelled)' });
    await expect(cancelled).toHaveCSS('text-decoration-line', 'line-through');
    await expect(cancelled).toHaveCSS('background-color', 'rgba(127, 29, 29, 0.75)');
    const open = agenda.locator('.rbc-agenda-event-cell', { hasNotText: '(Cancelled)' });
    await expect(open).toHaveCount(1);
    await expect(open).toHaveCSS('text-decoration-line', 'none');
    await expect(open).toHaveCSS('background-color', 'rgb(29, 78, 216)');
    await screenshot(page, `practice-agenda-cancelled-${width}`);
    await page.context().clearCookies();
  }
});
