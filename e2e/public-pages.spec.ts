import { expect, test } from '@playwright/test';
import { genericErrors } from '../src/shared/messages';
import { publicPages } from '../src/shared/site-routes';
import { expectNoSeriousA11yViolations } from './support/fixtures';

test.describe('public pages', () => {
  for (const page of publicPages) {
    test(`${page.path} is static HTML with one h1, its title and no serious accessibility violations`, async ({
      page: tab,
    }) => {
      const response = await tab.goto(page.path);
      expect(response?.status()).toBe(200);
      await expect(tab).toHaveTitle(page.title);
      await expect(tab.locator('h1')).toHaveCount(1);
      await expect(tab.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(tab.getByRole('contentinfo')).toBeVisible();
      await expectNoSeriousA11yViolations(tab);
    });
  }

  test('content is in the HTML without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto('/consulting-benefits');
    await expect(tab.getByRole('heading', { level: 3, name: 'Get Matched' })).toBeVisible();
    await tab.goto('/');
    await expect(tab.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    await context.close();
  });

  test('the navbar highlights the current page', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.goto('/about');
    await expect(nav.getByRole('link', { name: 'About', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Home', exact: true }).first()).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('link', { name: 'For Dental Offices' }).first().click();
    await expect(page).toHaveURL(/\/consulting-benefits$/);
    await expect(nav.getByRole('link', { name: 'For Dental Offices' }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'About', exact: true }).first()).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the FAQ keeps one answer open at a time and closes the open one on click', async ({
    page,
  }) => {
    await page.goto('/');
    const item = (text: string) =>
      page.locator('details', { has: page.locator('summary', { hasText: text }) });
    const first = item('How does ChairFill staffing work?');
    const second = item('How quickly can I get a shift filled?');
    await expect(first).not.toHaveAttribute('open');
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(
      first.getByText('post the shifts they need covered', { exact: false }),
    ).toBeVisible();
    await second.locator('summary').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(first).not.toHaveAttribute('open');
    await second.locator('summary').click();
    await expect(second).not.toHaveAttribute('open');
    // Keyboard: Enter on a focused question opens it.
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
  });

  test('the service areas list all 21 New Jersey counties', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Areas We Serve' }),
    });
    for (const county of ['Atlantic', 'Bergen', 'Cape May', 'Hunterdon', 'Warren']) {
      await expect(section.getByText(county, { exact: true })).toBeVisible();
    }
    await expect(section.getByRole('listitem')).toHaveCount(21);
  });

  test('on a 375 px phone the menu toggle opens the links', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const officeLogin = nav.getByRole('link', { name: 'Office Login' });
    await expect(officeLogin).toBeHidden();
    await nav.locator('summary').click();
    await expect(officeLogin).toBeVisible();
    await officeLogin.click();
    await expect(page).toHaveURL(/\/practice-login$/);
    await expect(page.getByRole('heading', { name: 'Dental Office Portal' })).toBeVisible();
    await context.close();
  });

  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px each page carries every style it uses: the whole app stylesheet changes nothing on it`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(90_000);
      const appShell = await (await request.get('/practice-login')).text();
      const fullStylesheet = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"/.exec(appShell)?.[1];
      expect(fullStylesheet).toBeTruthy();
      const context = await browser.newContext({ viewport });
      const tab = await context.newPage();
      for (const pagePath of [...publicPages.map((page) => page.path), '/no-such-page']) {
        await tab.goto(pagePath);
        expect(await tab.locator('link[rel="stylesheet"]').count()).toBe(0);
        // Open states too: every <details> (menu, FAQ), a hovered link, a focused link.
        await tab.evaluate(() => {
          for (const details of document.querySelectorAll('details')) details.open = true;
        });
        await tab.keyboard.press('Tab');
        await tab.getByRole('contentinfo').getByRole('link').first().hover();
        // Transitions (a hover's colour) finished first: a machine under load would otherwise
        // catch one mid-way in one screenshot and not the other.
        const own = await tab.screenshot({ fullPage: true, animations: 'disabled' });
        await tab.evaluate(
          (href) =>
            new Promise<void>((resolve, reject) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              link.onload = () => resolve();
              link.onerror = () => reject(new Error(`stylesheet ${href} did not load`));
              document.head.append(link);
            }),
          fullStylesheet!,
        );
        const withWholeStylesheet = await tab.screenshot({
          fullPage: true,
          animations: 'disabled',
        });
        expect(own.equals(withWholeStylesheet), `${pagePath} at ${viewport.width} px`).toBe(true);
      }
      await context.close();
    });
  }

  test('an unknown address answers 404 with a way back', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('moving to another page in the app scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await page.goto('/dental-office-signup');
    await page.getByRole('link', { name: 'Terms of Service' }).first().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('link', { name: 'Terms of Service' }).first().click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle('Terms of Service | ChairFill');
  });

  test('a page whose code fails to load says so with Try again, and a way home', async ({
    page,
  }) => {
    const pageCode = /\/assets\/practice-login-page-.*\.js$/;
    await page.route(pageCode, (route) => route.abort());
    await page.goto('/practice-login');
    const alert = page.getByRole('alert').filter({ hasText: genericErrors.network });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true }).first()).toHaveAttribute(
      'href',
      '/',
    );
    // Once the code can be fetched again, Try again shows the page in place.
    await page.unroute(pageCode);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a page whose renderer cannot be fetched says so with Try again, which loads the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const renderer = /\/assets\/react-dom-.*\.js$/;
    await page.route(renderer, (route) => route.abort());
    await page.goto('/practice-login');
    const alert = page.getByRole('alert').filter({ hasText: genericErrors.network });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeFocused();
    // Once it can be fetched again, Try again loads the page.
    await page.unroute(renderer);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});
