import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { alertCapTexts as m } from '../src/shared/fill/alert-cap-texts';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  nextMonthDay,
  postShift,
  runJobs,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * The Shift alerts card of a professional's Settings (issue 42, slice 7): the daily cap and
 * today's count, changed with the keyboard on a phone-sized screen and with the mouse on a
 * desktop one.
 */

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function settingsPage(
  browser: Browser,
  viewport: { width: number; height: number },
  account: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, '/professional-login', account);
  await page.goto('/hygienist-portal/settings');
  return page;
}

/**
 * The intro and today's count: at least the one alert this test caused (the e2e server's jobs run
 * on their schedule, so another spec's shift may have reached this professional too).
 */
function introAndToday(cap: number): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [before, after] = m.today(0, cap).split('0');
  return new RegExp(`${escape(m.intro(cap))} ${escape(before!)}[1-9]\\d*${escape(after!)}`);
}

async function expectVisibleFocus(control: Locator) {
  await expect(control).toBeFocused();
  const outline = await control.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
}

test('a professional sets how many shift alerts a day they get, at 360 and 1280 px', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const practice = await createNamedPractice(baseURL!, 'Alert Cap Dental');
  const pro = await createMatchingProfessional(baseURL!, { firstName: 'Cora', lastName: 'Cap' });
  // A fitting shift, and the digest run: one shift alert sent today.
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  await postShift(practiceApi, { date: dateValue(nextMonthDay(12)), bookingMode: 'review' });
  await runJobs(practiceApi, new Date());
  await practiceApi.dispose();

  // On a phone, with the keyboard only.
  const phone = await settingsPage(browser, PHONE, pro);
  const card = phone.getByRole('region', { name: m.title });
  await expect(card).toContainText(introAndToday(5));
  const cap = card.getByLabel(m.capLabel);
  await expect(cap).toHaveValue('5');
  // Reached by the keyboard: from the control before it, Tab.
  await cap.focus();
  await phone.keyboard.press('Shift+Tab');
  await phone.keyboard.press('Tab');
  await expectVisibleFocus(cap);
  await phone.keyboard.press('ArrowUp');
  await expect(cap).toHaveValue('4');
  await phone.keyboard.press('Tab');
  const save = card.getByRole('button', { name: `Save ${m.title}` });
  await expectVisibleFocus(save);
  await phone.keyboard.press('Enter');
  await expect(save).toHaveText(m.saved);
  await expect(card).toContainText(introAndToday(4));
  await expectNoSidewaysScroll(phone);
  await card.screenshot({ path: testInfo.outputPath('shift-alerts-360.png') });
  await expectNoSeriousA11yViolations(phone);
  await phone.context().close();

  // On a desktop: the saved cap is there; the most allowed is chosen.
  const desktop = await settingsPage(browser, DESKTOP, pro);
  const wide = desktop.getByRole('region', { name: m.title });
  await expect(wide).toContainText(introAndToday(4));
  const options = wide.getByLabel(m.capLabel).locator('option');
  await expect(options).toHaveCount(8);
  await expect(options.first()).toHaveText(m.capOption(1));
  await wide.getByLabel(m.capLabel).selectOption('8');
  await wide.getByRole('button', { name: `Save ${m.title}` }).click();
  await expect(wide).toContainText(introAndToday(8));
  await expect(
    desktop.getByRole('status').filter({ hasText: `${m.title}: ${m.saved}` }),
  ).toBeAttached();
  await expectNoSidewaysScroll(desktop);
  await wide.screenshot({ path: testInfo.outputPath('shift-alerts-1280.png') });
  await expectNoSeriousA11yViolations(desktop);
  await desktop.context().close();
});
