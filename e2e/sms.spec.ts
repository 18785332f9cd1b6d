import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  readMail,
} from './support/fixtures';
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
 * Text messages, without Twilio: the server saves each text to the development mailbox. A
 * professional confirms a mobile number in Settings on a phone-sized screen with the code read
 * from there, and a booking then texts them.
 */

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** A number no other test uses: (201) 555-xxxx, as typed and as E.164. */
function uniqueNumber() {
  const line = String(Date.now() % 10_000).padStart(4, '0');
  return { typed: `(201) 555-${line}`, e164: `+1201555${line}` };
}

test('a professional confirms a number with the texted code, then gets a text when booked', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const practice = await createNamedPractice(baseURL!, 'Text Dental');
  const pro = await createMatchingProfessional(baseURL!, { firstName: 'Lena', lastName: 'Park' });
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, '/professional-login', pro);
  await page.waitForURL((url) => !url.pathname.endsWith('-login'));
  await page.goto('/hygienist-portal/settings');

  const card = page.getByRole('region', { name: 'Text messages' });
  await expect(card).toBeVisible();
  const phone = card.getByLabel('Mobile number');
  // The profile's phone is offered.
  await expect(phone).toHaveValue('(609) 555-0177');
  await expectNoSeriousA11yViolations(page);

  // A number that is not one: said under the field, nothing sent.
  await phone.fill('555-0100');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(
    card.getByText('Please enter a US mobile number, such as (201) 555-0123'),
  ).toBeVisible();

  const number = uniqueNumber();
  const asked = new Date();
  await phone.fill(number.typed);
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(
    card.getByText(`We texted a 6-digit code to ${number.typed}. Enter it within 10 minutes.`),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await card.screenshot({ path: testInfo.outputPath('text-messages-code-360.png') });
  const codeText = await readMail(request, number.e164, {
    subject: `Text message to ${number.typed}`,
    since: asked,
  });
  const code = /(\d{6}) is your code/.exec(codeText.text)![1]!;

  // A wrong code says how many tries are left.
  await card.getByLabel('Code from the text').fill(code === '000000' ? '111111' : '000000');
  await card.getByRole('button', { name: 'Confirm number' }).click();
  await expect(card.getByText('That code is not right. You can try 4 more times.')).toBeVisible();
  await card.getByLabel('Code from the text').fill(code);
  await card.getByRole('button', { name: 'Confirm number' }).click();
  await expect(card.getByText(`Texts go to ${number.typed}.`)).toBeVisible();
  const toggle = card.getByRole('switch', { name: 'Send me text messages' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(page);
  await card.screenshot({ path: testInfo.outputPath('text-messages-card-360.png') });
  // Nothing sticks out of a phone-sized screen.
  await expectNoSidewaysScroll(page);

  // Switched off and on again.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  await page.setViewportSize(DESKTOP);
  await card.screenshot({ path: testInfo.outputPath('text-messages-card-1280.png') });

  // A booking: the confirmation is texted, with its link and the STOP line.
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const shiftId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(14)),
    bookingMode: 'instant',
  });
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const booked = new Date();
  expect((await proApi.post(`/api/professional/shifts/${shiftId}/book`)).status()).toBe(201);
  const text = await readMail(request, number.e164, {
    subject: `Text message to ${number.typed}`,
    since: booked,
  });
  expect(text.text).toMatch(/^ChairFill: You're booked: Hygienist shift on /);
  expect(text.text).toContain(`${baseURL}/hygienist-portal/schedule`);
  expect(text.text.endsWith('Reply STOP to opt out.')).toBe(true);

  // Removing the number asks first, then offers a number again.
  await card.getByRole('button', { name: 'Remove number' }).click();
  await page
    .getByRole('dialog', { name: 'Remove this number?' })
    .getByRole('button', { name: 'Remove number' })
    .click();
  await expect(card.getByLabel('Mobile number')).toBeVisible();
  await practiceApi.dispose();
  await proApi.dispose();
  await context.close();
});
