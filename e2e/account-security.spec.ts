import { expect, test, type Browser, type Page } from '@playwright/test';
import { accountSecurityMessages as m } from '../src/shared/account-security';
import { fieldMessages } from '../src/shared/messages';
import { notFoundPage, publicPages } from '../src/shared/site-routes';
import { createPracticeAccount, createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/fixtures';

async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A second browser (its own cookies), signed in to the same account. */
async function otherBrowser(browser: Browser, loginPath: string, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, loginPath, email, password);
  return { context, page };
}

/** Records every Content-Security-Policy violation the page reports. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** A new practice signed in here and in a second browser; returns that second browser. */
async function practiceInTwoBrowsers(page: Page, browser: Browser, baseURL: string) {
  const practice = await createPracticeAccount(baseURL);
  await signIn(page, '/practice-login', practice.email, practice.password);
  await expect(page).toHaveURL(/\/practice-portal/);
  const elsewhere = await otherBrowser(
    browser,
    '/practice-login',
    practice.email,
    practice.password,
  );
  await expect(elsewhere.page).toHaveURL(/\/practice-portal/);
  return { practice, elsewhere };
}

test.describe('Settings: password and sessions', () => {
  test('a practice sees where it is signed in and signs out its other browsers', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const violations = watchCspViolations(page);
    const { elsewhere } = await practiceInTwoBrowsers(page, browser, baseURL!);

    await page.goto('/practice-portal/settings');
    const sessionsCard = page.getByRole('region', { name: m.sessionsTitle });
    await expect(sessionsCard.getByText(m.thisDevice)).toBeVisible();
    // This browser, the other one, and the session the sign-up API call opened.
    await expect(sessionsCard.getByRole('listitem')).toHaveCount(3);
    await expect(sessionsCard.getByText('127.0.0.1').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Sign out one session with its own button (keyboard), then all the others.
    const endButtons = sessionsCard.getByRole('button', { name: /^Sign out: / });
    await expect(endButtons).toHaveCount(2);
    await endButtons.first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(m.sessionEnded)).toBeVisible();
    await expect(sessionsCard.getByRole('listitem')).toHaveCount(2);

    // (by keyboard: the toast above may still cover the button for a pointer)
    await sessionsCard.getByRole('button', { name: m.endOthers }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: m.endOthersTitle });
    await dialog.getByRole('button', { name: m.endOthersConfirm }).click();
    await expect(page.getByText(m.otherSessionsEnded)).toBeVisible();
    await expect(sessionsCard.getByRole('listitem')).toHaveCount(1);
    await expect(sessionsCard.getByText(m.noOtherSessions)).toBeVisible();

    // The other browser's cookie no longer works.
    await elsewhere.page.goto('/practice-portal/settings');
    await expect(elsewhere.page).toHaveURL(/\/practice-login/);
    await elsewhere.context.close();
    expect(violations).toEqual([]);
  });

  test('a practice changes its password: refusals under the fields, then the other browser is signed out', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { practice, elsewhere } = await practiceInTwoBrowsers(page, browser, baseURL!);
    await page.goto('/practice-portal/settings');

    // Change the password: wrong current one, a common new one, then a good one.
    const passwordCard = page.getByRole('region', { name: m.passwordTitle });
    await passwordCard.getByLabel(m.currentPasswordLabel).fill('not-my-password');
    await passwordCard.getByLabel(m.newPasswordLabel, { exact: true }).fill('tidewater-7781');
    await passwordCard.getByLabel(m.confirmPasswordLabel).fill('tidewater-7781');
    await passwordCard.getByRole('button', { name: m.changeButton }).click();
    await expect(passwordCard.getByText(m.currentPasswordWrong)).toBeVisible();

    await passwordCard.getByLabel(m.currentPasswordLabel).fill(practice.password);
    await passwordCard.getByLabel(m.newPasswordLabel, { exact: true }).fill('Password1');
    await passwordCard.getByLabel(m.confirmPasswordLabel).fill('Password1');
    await passwordCard.getByRole('button', { name: m.changeButton }).click();
    await expect(passwordCard.getByText(m.commonPassword)).toBeVisible();

    await passwordCard.getByLabel(m.newPasswordLabel, { exact: true }).fill('tidewater-7781');
    await passwordCard.getByLabel(m.confirmPasswordLabel).fill('tidewater-7782');
    await passwordCard.getByRole('button', { name: m.changeButton }).click();
    await expect(passwordCard.getByText(fieldMessages.passwordsDoNotMatch)).toBeVisible();

    await passwordCard.getByLabel(m.confirmPasswordLabel).fill('tidewater-7781');
    await passwordCard.getByRole('button', { name: m.changeButton }).click();
    await expect(passwordCard.getByRole('status').getByText(m.passwordChanged)).toBeVisible();
    await expect(passwordCard.getByLabel(m.currentPasswordLabel)).toHaveValue('');

    // Still signed in here; the new password signs in elsewhere, the old one no longer does.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    await signIn(freshPage, '/practice-login', practice.email, practice.password);
    await expect(freshPage.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(freshPage, '/practice-login', practice.email, 'tidewater-7781');
    await expect(freshPage).toHaveURL(/\/practice-portal/);
    await fresh.close();

    await elsewhere.page.goto('/practice-portal/settings');
    await expect(elsewhere.page).toHaveURL(/\/practice-login/);
    await elsewhere.context.close();
  });

  test('a professional finds the same cards in their portal’s Settings', async ({
    page,
    baseURL,
  }) => {
    const pro = await createProfessionalAccount(baseURL!, 'hygienist');
    await signIn(page, '/professional-login', pro.email, pro.password);
    await expect(page).toHaveURL(/\/hygienist-portal/);
    await page.goto('/hygienist-portal/settings');
    await expect(page.getByRole('region', { name: m.passwordTitle })).toBeVisible();
    const sessionsCard = page.getByRole('region', { name: m.sessionsTitle });
    await expect(sessionsCard.getByText(m.thisDevice)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Headers and Content-Security-Policy', () => {
  const htmlPaths = [
    ...publicPages.map((p) => p.path),
    notFoundPage.path,
    '/no-such-page',
    '/practice-login',
    '/dental-office-signup',
    '/reset-password',
    '/dev/mailbox',
  ];

  test('every served HTML page carries the policy and no inline script', async ({ request }) => {
    for (const path of htmlPaths) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-type'], path).toMatch(/^text\/html/);
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toMatch(/script-src 'self'/);
      expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['x-powered-by'], path).toBeUndefined();
      expect(headers.server, path).toBeUndefined();
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [, attributes, body] of scripts) {
        expect(attributes, `${path}: every script is a file`).toMatch(/\bsrc=/);
        expect(body!.trim(), `${path}: no inline script`).toBe('');
      }
      expect(html, `${path}: no inline event handlers`).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
      expect(html, `${path}: no javascript: links`).not.toMatch(/javascript:/i);
    }
  });

  test('pages and the app load with no policy violation in the browser', async ({
    page,
    baseURL,
  }) => {
    const violations = watchCspViolations(page);
    for (const path of [...publicPages.map((p) => p.path), '/practice-login', '/dev/mailbox']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
    }
    const practice = await createPracticeAccount(baseURL!);
    await signIn(page, '/practice-login', practice.email, practice.password);
    await expect(page).toHaveURL(/\/practice-portal/);
    await page.goto('/practice-portal/settings');
    await expect(page.getByRole('region', { name: m.sessionsTitle })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a page cannot be framed by another site', async ({ page, baseURL }) => {
    const violations = watchCspViolations(page);
    await page.setContent(`<iframe title="framed" src="${baseURL}/"></iframe>`);
    await expect.poll(() => violations.some((v) => /frame-ancestors/.test(v))).toBe(true);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed?.url() ?? '').not.toContain(baseURL!);
  });
});
