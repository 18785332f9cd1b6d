import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  readMail,
} from './support/fixtures';
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
 * Messages (issue 18): the practice at 1280 px writes to the professional booked on its shift;
 * the professional, on a 360 px phone in another browser context, sees the unread count, opens
 * the conversation and answers; the practice sees 'Read'; a message left unread is e-mailed.
 */
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };
const MINUTE = 60_000;

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

function shiftItem(page: Page, date: Date): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: longDate(date), exact: true }),
  });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a message arrives on the phone, is answered and read, and one left unread is e-mailed', async ({
  browser,
  baseURL,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Chat Dental');
  const mia = await createMatchingProfessional(baseURL!, {
    firstName: 'Mia',
    lastName: `Msg${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const miaApi = await signedInApi(baseURL!, mia.email, mia.password, 'professional');
  const date = nextMonthDay(12);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  const booked = await miaApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);

  // The practice opens the booked shift's conversation from Staffing Requests and writes.
  const office = await portal(browser, '/practice-login', practice);
  await openSection(office, 'Staffing Requests');
  await shiftItem(office, date)
    .getByRole('link', { name: `Message ${mia.name}` })
    .click();
  await expect(office.getByRole('heading', { level: 1, name: mia.name })).toBeVisible();
  await expect(office.getByRole('note')).toContainText(
    'Please do not share patient information in messages',
  );
  const composer = office.getByLabel('Your message');
  await composer.fill('Hi Mia, please come at 7:45 for our huddle. <b>Thanks</b>');
  await composer.press('Enter');
  const officeThread = office.getByRole('list', { name: `Messages with ${mia.name}` });
  // Shown as typed: the markup is text, not bold.
  await expect(officeThread).toContainText('<b>Thanks</b>');
  await expect(officeThread.getByText(/· Sent$/)).toBeVisible();
  await expect(composer).toHaveValue('');
  await expectNoSeriousA11yViolations(office);
  await shot(office, 'practice-thread-1280');

  // Mia, on her phone, sees one unread message on the menu and in the navigation.
  const phone = await portal(browser, '/professional-login', mia, PHONE);
  const menu = phone.getByRole('button', { name: /Open menu, Messages, 1 unread/ });
  await expect(menu).toBeVisible();
  await shot(phone, 'professional-dashboard-badge-360');
  await menu.click();
  await expect(
    phone.getByRole('navigation', { name: 'Portal' }).getByRole('link', {
      name: 'Messages, 1 unread',
    }),
  ).toBeVisible();
  await openSection(phone, 'Messages');
  const conversation = phone
    .getByRole('main')
    .getByRole('link', { name: new RegExp(practice.practiceName) });
  await expect(conversation).toContainText('1 unread');
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  await shot(phone, 'professional-messages-360');

  // She opens it: the message is read; she answers with the Send button.
  await conversation.click();
  await expect(phone.getByRole('heading', { level: 1, name: practice.practiceName })).toBeVisible();
  const phoneThread = phone.getByRole('list', { name: `Messages with ${practice.practiceName}` });
  await expect(phoneThread).toContainText('please come at 7:45');
  await phone.getByLabel('Your message').fill('See you at 7:45!');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(phoneThread).toContainText('See you at 7:45!');
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  await shot(phone, 'professional-thread-360');
  await expect(phone.getByRole('button', { name: /Open menu, Messages/ })).toHaveCount(0);

  // The practice sees her answer and 'Read' under its own message (the thread refreshes).
  await expect(officeThread).toContainText('See you at 7:45!', { timeout: 20_000 });
  await expect(officeThread.getByText(/· Read$/)).toBeVisible({ timeout: 20_000 });
  await shot(office, 'practice-thread-read-1280');

  // A message Mia does not read for 15 minutes is e-mailed to her (she left the thread).
  await phone.goto('/hygienist-portal');
  await office.getByLabel('Your message').fill('Parking is behind the building.');
  await office.getByRole('button', { name: 'Send' }).click();
  await expect(officeThread).toContainText('Parking is behind the building.');
  const since = new Date();
  await runJobs(practiceApi, new Date(Date.now() + 16 * MINUTE));
  const mail = await readMail(request, mia.email, {
    subject: `New message from ${practice.practiceName}`,
    since,
  });
  expect(mail.text).toContain('Parking is behind the building.');
  expect(mail.text).toContain(`/hygienist-portal/messages/${shiftId}`);

  // The practice's side on a phone too: its list and the thread fit 360 px.
  await office.setViewportSize(PHONE);
  await office.goto('/practice-portal/messages');
  await expect(
    office.getByRole('main').getByRole('link', { name: new RegExp(mia.name) }),
  ).toBeVisible();
  await expectNoSidewaysScroll(office);
  await expectNoSeriousA11yViolations(office);
  await shot(office, 'practice-messages-360');
  await office
    .getByRole('main')
    .getByRole('link', { name: new RegExp(mia.name) })
    .click();
  await expect(officeThread).toContainText('Parking is behind the building.');
  await expectNoSidewaysScroll(office);
  await shot(office, 'practice-thread-360');

  await practiceApi.dispose();
  await miaApi.dispose();
});
