import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, readMail } from './support/fixtures';

/**
 * Listed in ADMIN_EMAILS by e2e/support/e2e-server.ts (as `Dana Reyes <admin@e2e...>`): created
 * at start with a reset e-mail.
 */
const ADMIN_EMAIL = 'admin@e2e.chairfill.example.com';
const ADMIN_NAME = 'Dana Reyes';
const ADMIN_PASSWORD = 'staff-e2e-password';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPhoto(baseURL: string, email: string, password: string) {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const login = await api.post('/api/login', {
    data: { email, password, audience: 'professional' },
  });
  expect(login.status()).toBe(200);
  const upload = await api.post('/api/professional/photo', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(upload.status()).toBe(200);
  await api.dispose();
}

async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The ADMIN_EMAILS admin sets a password through a reset e-mail (as a new staff member would). */
async function setAdminPassword(page: Page, request: Parameters<typeof readMail>[0]) {
  const since = new Date();
  const asked = await request.post('/api/password-reset/request', { data: { email: ADMIN_EMAIL } });
  expect(asked.status()).toBe(200);
  const mail = await readMail(request, ADMIN_EMAIL, {
    subject: 'Reset your ChairFill password',
    since,
  });
  const link = mail.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();
}

test('an admin verifies one pending professional and rejects another; both are told', async ({
  page,
  baseURL,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const toVerify = await createProfessionalAccount(baseURL!, 'assistant', {
    firstName: 'Vera',
    lastName: `Verify${suffix}`,
    licenseNumber: 'NJ-778899',
    licenseType: 'RDA',
    yearsOfExperience: '7',
  });
  const toReject = await createProfessionalAccount(baseURL!, 'hygienist', {
    firstName: 'Rory',
    lastName: `Reject${suffix}`,
    licenseNumber: 'NJ-112233',
  });
  await uploadPhoto(baseURL!, toVerify.email, toVerify.password);

  // A professional is pending at first and sees so on the dashboard.
  await signIn(page, '/professional-login', toVerify.email, toVerify.password);
  await expect(page).toHaveURL(/\/dental-assistant$/);
  await expect(page.getByTestId('verification-status')).toContainText(
    'Your account is being verified. You can complete your profile while we review your license.',
  );
  await page.context().clearCookies();

  // The console is for admins only: signed out goes to /admin/login, and the professional
  // login does not accept the admin.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await setAdminPassword(page, request);
  await signIn(page, '/professional-login', ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'Account not found. Please check your credentials.',
  );
  await signIn(page, '/admin/login', ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Professional screening' })).toBeVisible();
  // The console greets the staff member by their own name.
  await expect(page.getByText(ADMIN_NAME, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const veraCard = page.getByRole('article', { name: `Vera Verify${suffix}` });
  await expect(veraCard).toBeVisible();
  await expect(veraCard).toContainText('NJ-778899');
  await expect(veraCard).toContainText('RDA');
  await expect(veraCard).toContainText('7');
  await expect(veraCard.getByRole('img', { name: `Photo of Vera Verify${suffix}` })).toBeVisible();
  await expect
    .poll(() =>
      veraCard
        .getByRole('img', { name: `Photo of Vera Verify${suffix}` })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);

  // An admin visiting another portal is sent to the console.
  await page.goto('/hygienist-portal');
  await expect(page).toHaveURL(/\/admin$/);

  // Verify Vera.
  await veraCard.getByRole('button', { name: `Verify Vera Verify${suffix}` }).click();
  const verifyDialog = page.getByRole('dialog');
  await verifyDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(verifyDialog).toBeHidden();
  await expect(page.getByText('Professional verified.')).toBeVisible();
  await expect(veraCard).toBeHidden();

  // Reject Rory: a reason is required.
  const roryCard = page.getByRole('article', { name: `Rory Reject${suffix}` });
  await roryCard.getByRole('button', { name: `Reject Rory Reject${suffix}` }).click();
  const rejectDialog = page.getByRole('dialog');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog.getByText('Please give a reason')).toBeVisible();
  await rejectDialog.getByLabel('Reason').fill('License number could not be confirmed');
  await rejectDialog.getByRole('button', { name: 'Reject' }).click();
  await expect(rejectDialog).toBeHidden();
  await expect(roryCard).toBeHidden();

  // The Verified and Rejected tabs list them with their history.
  await page.getByRole('tab', { name: /^Verified/ }).click();
  await expect(page.getByRole('article', { name: `Vera Verify${suffix}` })).toContainText(
    new RegExp(`Verified by ${ADMIN_NAME} on`),
  );
  await page.getByRole('tab', { name: /^Rejected/ }).click();
  await expect(page.getByRole('article', { name: `Rory Reject${suffix}` })).toContainText(
    'License number could not be confirmed',
  );
  await expectNoSeriousA11yViolations(page);

  // The e-mails are in the dev mailbox.
  const verifiedMail = await readMail(request, toVerify.email, {
    subject: 'Your ChairFill account is verified',
  });
  expect(verifiedMail.text).toContain('/dental-assistant');
  const rejectedMail = await readMail(request, toReject.email, {
    subject: 'Your ChairFill account was not approved',
  });
  expect(rejectedMail.text).toContain('Reason: License number could not be confirmed');

  // Each professional's portal shows their status.
  await page.context().clearCookies();
  await signIn(page, '/professional-login', toVerify.email, toVerify.password);
  await expect(page).toHaveURL(/\/dental-assistant$/);
  await expect(page.getByTestId('verification-status')).toContainText('Your account is verified');
  await page.context().clearCookies();
  await signIn(page, '/professional-login', toReject.email, toReject.password);
  await expect(page).toHaveURL(/\/hygienist-portal$/);
  const notice = page.getByTestId('verification-status');
  await expect(notice).toContainText('Your account was not approved');
  await expect(notice).toContainText('License number could not be confirmed');

  // A professional who opens the console is sent back to their own portal.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/hygienist-portal$/);
});
