import { expect, test, type Page } from '@playwright/test';
import { createPracticeAccount } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/fixtures';

const LINK_FAILED = 'Failed to link bank account. Please try again.';

/** Signs a new practice in and opens Billing from the sidebar. */
async function openBilling(page: Page, baseURL: string) {
  const practice = await createPracticeAccount(baseURL);
  await page.goto('/practice-login');
  await page.getByLabel('Email', { exact: true }).fill(practice.email);
  await page.getByLabel('Password', { exact: true }).fill(practice.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/practice-portal$/);
  await page
    .getByRole('navigation', { name: 'Portal' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await expect(page).toHaveURL(/\/practice-portal\/billing$/);
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
}

/** The sandbox widget: a dialog of test banks; picks `account` of `bank`. */
async function chooseSandboxAccount(page: Page, bank: string, account: RegExp) {
  await page.getByRole('button', { name: 'Connect Bank Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a bank account' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('region', { name: bank }).getByRole('button', { name: account }).click();
  return dialog;
}

async function expectCard(page: Page, bank: string, accountType: string, last4: string) {
  const card = page.getByRole('definition');
  await expect(card.filter({ hasText: bank })).toBeVisible();
  await expect(card.filter({ hasText: new RegExp(`^${accountType}$`, 'i') })).toBeVisible();
  await expect(card.filter({ hasText: `•••• ${last4}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Payment Method' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Bank Account' })).toHaveCount(0);
}

test.describe('practice billing with the sandbox bank widget', () => {
  test('links a bank account, shows the card, and replaces it via Update Payment Method', async ({
    page,
    baseURL,
  }) => {
    await openBilling(page, baseURL!);
    await expect(page.getByRole('button', { name: 'Connect Bank Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Payment Method' })).toHaveCount(0);

    const dialog = await chooseSandboxAccount(page, 'Tartan Bank', /Business Checking/);
    await expect(dialog).toBeHidden();
    await expectCard(page, 'Tartan Bank', 'checking', '6789');
    // Keyboard users land on the card's button, not on the page's start.
    await expect(page.getByRole('button', { name: 'Update Payment Method' })).toBeFocused();

    // Stored on the server: still there after a reload.
    await page.reload();
    await expectCard(page, 'Tartan Bank', 'checking', '6789');

    // 'Update Payment Method' opens the widget; closing it keeps the current account.
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    const widget = page.getByRole('dialog', { name: 'Connect a bank account' });
    await expect(widget).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(widget).toBeHidden();
    await expectCard(page, 'Tartan Bank', 'checking', '6789');
    await page.reload();
    await expectCard(page, 'Tartan Bank', 'checking', '6789');

    // Choosing another account replaces it.
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    await widget
      .getByRole('region', { name: 'Houndstooth Bank' })
      .getByRole('button', { name: /Savings/ })
      .click();
    await expect(widget).toBeHidden();
    await expectCard(page, 'Houndstooth Bank', 'savings', '1357');

    // Removing is its own action, confirmed first; then the connect button shows again.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.getByRole('button', { name: 'Remove Payment Method' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`billing-card-${width}.png`) });
    }
    await page.getByRole('button', { name: 'Remove Payment Method' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this bank account?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectCard(page, 'Houndstooth Bank', 'savings', '1357');
    await page.getByRole('button', { name: 'Remove Payment Method' }).click();
    await confirm.getByRole('button', { name: 'Remove Payment Method' }).click();
    await expect(page.getByRole('button', { name: 'Connect Bank Account' })).toBeFocused();
    await expect(page.getByText('Houndstooth Bank')).toHaveCount(0);
  });

  test('shows the failure message when linking fails, then links on a retry', async ({
    page,
    baseURL,
  }) => {
    await openBilling(page, baseURL!);
    await page.route('**/api/exchange-plaid-token', (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 'bank_link_failed', message: LINK_FAILED } },
      }),
    );
    const dialog = await chooseSandboxAccount(page, 'First Platypus Bank', /Checking/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(LINK_FAILED);
    await expect(page.getByRole('button', { name: 'Connect Bank Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Payment Method' })).toHaveCount(0);

    await page.unroute('**/api/exchange-plaid-token');
    await chooseSandboxAccount(page, 'First Platypus Bank', /Checking/);
    await expectCard(page, 'First Platypus Bank', 'checking', '0000');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the widget is an accessible dialog that closes with Escape', async ({ page, baseURL }) => {
    await openBilling(page, baseURL!);
    await page.getByRole('button', { name: 'Connect Bank Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a bank account' });
    await expect(dialog).toBeVisible();
    // A checking and a savings account at each bank; Tartan also has the account whose debits
    // come back (to try a failed payment).
    for (const [bank, accounts] of [
      ['First Platypus Bank', 2],
      ['Tartan Bank', 3],
      ['Houndstooth Bank', 2],
    ] as const) {
      await expect(dialog.getByRole('region', { name: bank }).getByRole('button')).toHaveCount(
        accounts,
      );
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Connect Bank Account' })).toBeFocused();
  });
});
