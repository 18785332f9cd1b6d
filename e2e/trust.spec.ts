import { expect, test, type Browser, type Page } from '@playwright/test';
import { createPracticeAccount } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import {
  adminApi,
  createMatchingProfessional,
  dateValue,
  nextMonthDay,
  openSection,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * Trust between both sides: ChairFill reviews a new practice before its shifts reach anyone,
 * and either side can block the other.
 */

test.describe.configure({ timeout: 120_000 });

async function portalPage(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  await page.waitForURL((url) => !url.pathname.endsWith('-login'));
  return page;
}

/** The staff console, signed in as the ADMIN_EMAILS admin. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const api = await adminApi(baseURL);
  const context = await browser.newContext({ storageState: await api.storageState() });
  await api.dispose();
  return context.newPage();
}

async function findShifts(page: Page) {
  await openSection(page, 'Find Shifts');
  return page.getByRole('list', { name: 'Matching shifts' });
}

test('a new practice is reviewed: its shift reaches nobody until the admin verifies it', async ({
  browser,
  baseURL,
}) => {
  const practiceName = `Review Dental ${Date.now().toString(36)}`;
  const account = await createPracticeAccount(baseURL!, { practiceName }, { verified: false });
  const api = await signedInApi(baseURL!, account.email, account.password, 'practice');
  await postShift(api, { date: dateValue(nextMonthDay(12)), bookingMode: 'instant' });
  await api.dispose();
  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Riley',
    lastName: 'Review',
  });

  // The practice reads why its shift reaches nobody (phone width).
  const practice = await portalPage(browser, '/practice-login', account, {
    width: 360,
    height: 800,
  });
  await expect(practice.getByText('Your practice is being reviewed')).toBeVisible();
  await expectNoSeriousA11yViolations(practice);

  const pro = await portalPage(browser, '/professional-login', professional, {
    width: 360,
    height: 800,
  });
  await pro.goto('/hygienist-portal/find-shifts');
  await expect(pro.getByRole('heading', { name: 'Find Shifts' })).toBeVisible();
  await expect(pro.getByText(practiceName)).toHaveCount(0);

  // The admin verifies it in the console.
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin/practices');
  const card = admin.getByRole('article', { name: practiceName });
  await expect(card).toContainText(account.email);
  await expect(card).toContainText('Open shifts1');
  await card.getByRole('button', { name: `Verify ${practiceName}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('Practice verified.')).toBeVisible();

  // Now its shift is on the professional's board, and the practice's notice is gone.
  await pro.reload();
  await expect(
    pro
      .getByRole('list', { name: 'Matching shifts' })
      .getByRole('listitem')
      .filter({ hasText: practiceName }),
  ).toHaveCount(1);
  await practice.reload();
  await expect(practice.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(practice.getByText('Your practice is being reviewed')).toHaveCount(0);
});

test('a practice blocks a professional it booked, and unblocks them in Settings', async ({
  browser,
  baseURL,
}) => {
  const practiceName = `Block Dental ${Date.now().toString(36)}`;
  const account = await createPracticeAccount(baseURL!, { practiceName });
  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Jamie',
    lastName: 'Blocked',
  });
  const practiceApi = await signedInApi(baseURL!, account.email, account.password, 'practice');
  const booked = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(14)),
    bookingMode: 'instant',
  });
  await postShift(practiceApi, { date: dateValue(nextMonthDay(15)), bookingMode: 'instant' });
  await practiceApi.dispose();
  const proApi = await signedInApi(
    baseURL!,
    professional.email,
    professional.password,
    'professional',
  );
  expect((await proApi.post(`/api/professional/shifts/${booked}/book`)).status()).toBe(201);
  await proApi.dispose();

  const pro = await portalPage(browser, '/professional-login', professional);
  const board = await findShifts(pro);
  await expect(board.getByRole('listitem').filter({ hasText: practiceName })).toHaveCount(1);

  const practice = await portalPage(browser, '/practice-login', account);
  await openSection(practice, 'Staffing Requests');
  await practice.getByRole('button', { name: `Block professional: ${professional.name}` }).click();
  const dialog = practice.getByRole('dialog', { name: `Block ${professional.name}?` });
  await expect(dialog).toContainText('They are not told.');
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(practice.getByText(`${professional.name} is blocked.`)).toBeVisible();

  // The professional no longer sees the practice's open shift (and is not told why).
  await pro.reload();
  await expect(pro.getByRole('heading', { name: 'Find Shifts' })).toBeVisible();
  await expect(pro.getByText(practiceName)).toHaveCount(0);

  // Settings lists the block; Unblock brings the shift back.
  await openSection(practice, 'Settings');
  const blocked = practice.getByRole('region', { name: 'Blocked professionals' });
  await expect(blocked).toContainText(professional.name);
  await blocked.getByRole('button', { name: `Unblock ${professional.name}` }).click();
  await expect(blocked).toContainText('You have not blocked anyone.');
  await pro.reload();
  await expect(
    (await findShifts(pro)).getByRole('listitem').filter({ hasText: practiceName }),
  ).toHaveCount(1);
});

test('a professional blocks a practice from its page on a phone, and unblocks it in Settings', async ({
  browser,
  baseURL,
}) => {
  const practiceName = `Avoided Dental ${Date.now().toString(36)}`;
  const account = await createPracticeAccount(baseURL!, { practiceName });
  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Robin',
    lastName: 'Choosy',
  });
  const practiceApi = await signedInApi(baseURL!, account.email, account.password, 'practice');
  await postShift(practiceApi, { date: dateValue(nextMonthDay(16)), bookingMode: 'review' });
  await practiceApi.dispose();

  const pro = await portalPage(browser, '/professional-login', professional, {
    width: 360,
    height: 740,
  });
  await pro.getByRole('button', { name: 'Open menu' }).click();
  const board = await findShifts(pro);
  const card = board.getByRole('listitem').filter({ hasText: practiceName });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: `About this practice: ${practiceName}` }).click();
  await pro.getByRole('button', { name: `Block this practice: ${practiceName}` }).click();
  const dialog = pro.getByRole('dialog', { name: `Block ${practiceName}?` });
  await expect(dialog).toContainText('The practice is not told.');
  await expectNoSeriousA11yViolations(pro);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  const blockedNotice = pro.getByText(
    `${practiceName} is blocked. You will no longer see its shifts.`,
  );
  await expect(blockedNotice).toBeVisible();
  // On a phone the notice lies over the menu button until it goes; a pointer resting on it keeps
  // it (as a reader's would), so the menu is opened once it has gone, as a person would.
  await expect(blockedNotice).toBeHidden();

  // Its shift is gone from Find Shifts; the practice's page is unknown to them now.
  await pro.getByRole('button', { name: 'Open menu' }).click();
  await findShifts(pro);
  await expect(pro.getByRole('heading', { name: 'Find Shifts' })).toBeVisible();
  await expect(pro.getByText(practiceName)).toHaveCount(0);

  // Settings lists it; Unblock brings the shift back.
  await pro.getByRole('button', { name: 'Open menu' }).click();
  await openSection(pro, 'Settings');
  const blocked = pro.getByRole('region', { name: 'Blocked practices' });
  await expect(blocked).toContainText(practiceName);
  await blocked.getByRole('button', { name: `Unblock ${practiceName}` }).click();
  await expect(blocked).toContainText('You have not blocked any practice.');
  await pro.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    (await findShifts(pro)).getByRole('listitem').filter({ hasText: practiceName }),
  ).toHaveCount(1);
  await pro.context().close();
});
