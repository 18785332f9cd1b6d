import { TZDate } from '@date-fns/tz';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import {
  credentialTexts,
  formatCredentialDate,
  NJ_LICENSE_LOOKUP_URL,
} from '../src/shared/trust/credentials';
import { requirementLabel, requirementTexts } from '../src/shared/trust/requirements';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  adminApi,
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  dayButtonName,
  nextMonthDay,
  openSection,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * Credentials (issue 17, decision record 022): a professional keeps them with a document, staff
 * verify them, a required one that expires blocks bookings, and a shift's requirements decide
 * who sees it.
 */

test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** 'yyyy-MM-dd', `days` from today in New Jersey. */
const njDate = (days: number) => format(addDays(TZDate.tz('America/New_York'), days), 'yyyy-MM-dd');

async function portalPage(
  browser: Browser,
  loginPath: '/practice-login' | '/professional-login',
  account: { email: string; password: string },
  viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, loginPath, account);
  await page.waitForURL((url) => !url.pathname.endsWith('-login'));
  return page;
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const api = await adminApi(baseURL);
  const context = await browser.newContext({
    storageState: await api.storageState(),
    viewport: DESKTOP,
  });
  await api.dispose();
  return context.newPage();
}

/** Adds a credential through the API and has the admin verify it. */
async function verifiedCredential(
  baseURL: string,
  professional: { email: string; password: string },
  credential: { kind: string; number: string; expiresOn: string },
) {
  const api = await signedInApi(baseURL, professional.email, professional.password, 'professional');
  const added = await api.post('/api/professional/credentials', { data: credential });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: string };
  await api.dispose();
  const admin = await adminApi(baseURL);
  const decided = await admin.post(`/api/admin/credentials/${id}/decisions`, {
    data: { decision: 'verified', reason: '' },
  });
  expect(decided.status(), await decided.text()).toBe(201);
  await admin.dispose();
}

function boardCard(page: Page, practiceName: string) {
  return page
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practiceName });
}

test('a professional on a phone adds a credential with its document; the admin verifies it', async ({
  browser,
  baseURL,
}, testInfo) => {
  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Casey',
    lastName: `Cred${Date.now().toString(36)}`,
  });
  const page = await portalPage(browser, '/professional-login', professional, PHONE);
  await page.goto('/hygienist-portal/credentials');
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  // The signup license is there; CPR/BLS, required for hygienists, is not yet.
  await expect(page.getByText('NJ dental hygienist license').first()).toBeVisible();
  await expect(
    page.getByText(`CPR/BLS certification: ${credentialTexts.requiredState.missing}`),
  ).toBeVisible();

  await page.getByRole('button', { name: credentialTexts.add }).click();
  const form = page.getByRole('form', { name: credentialTexts.add });
  await form.getByLabel(credentialTexts.kind).selectOption('cpr_bls');
  await form.getByLabel(credentialTexts.number).fill('AHA-BLS-55123');
  await form.getByLabel(credentialTexts.expiryLabel).fill(njDate(400));
  await form.getByLabel(credentialTexts.document).setInputFiles({
    name: 'bls-card.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: credentialTexts.save }).click();
  await expect(page.getByText(credentialTexts.saved)).toBeVisible();
  const card = page.getByRole('article', { name: 'CPR/BLS certification' });
  await expect(card).toContainText(credentialTexts.statusLabels.pending);
  await expect(card).toContainText('AHA-BLS-55123');
  await expect(card).toContainText(credentialTexts.expiresOn(njDate(400)));
  await expect(card.getByRole('link', { name: /View document/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('credentials-360.png'), fullPage: true });

  // The admin checks it in the console: document, number, expiry, the state look-up.
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin/credentials');
  await expect(admin.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
  const review = admin.getByRole('article', {
    name: `CPR/BLS certification: ${professional.name}`,
  });
  await expect(review).toContainText('AHA-BLS-55123');
  await expect(review).toContainText(formatCredentialDate(njDate(400)));
  await expect(review.getByRole('link', { name: /bls-card\.pdf/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.screenshot({
    path: testInfo.outputPath('admin-credentials-1280.png'),
    fullPage: true,
  });
  await review
    .getByRole('button', { name: `Verify CPR/BLS certification of ${professional.name}` })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText(credentialTexts.admin.saved.verified)).toBeVisible();
  // Screening verified the license they signed up with; the console links New Jersey's look-up.
  await admin.getByRole('tab', { name: /^Verified/ }).click();
  const license = admin.getByRole('article', {
    name: `NJ dental hygienist license: ${professional.name}`,
  });
  await expect(license.getByRole('link', { name: /MyLicense/ })).toHaveAttribute(
    'href',
    NJ_LICENSE_LOOKUP_URL,
  );

  await page.reload();
  await expect(page.getByRole('article', { name: 'CPR/BLS certification' })).toContainText(
    credentialTexts.statusLabels.verified,
  );
  await expect(
    page.getByText(`CPR/BLS certification: ${credentialTexts.requiredState.valid}`),
  ).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath('credentials-1280.png'), fullPage: true });
});

test('a shift after the required card expires is listed with why, without Book now', async ({
  browser,
  baseURL,
}, testInfo) => {
  const practice = await createNamedPractice(baseURL!, 'Expiry Dental');
  const date = nextMonthDay(12);
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  await practiceApi.dispose();
  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Morgan',
    lastName: `Lapse${Date.now().toString(36)}`,
  });
  // Their CPR/BLS card is verified but expires in three days, before the shift.
  const expiresOn = njDate(3);
  await verifiedCredential(baseURL!, professional, {
    kind: 'cpr_bls',
    number: 'BLS-EXP-1',
    expiresOn,
  });

  const page = await portalPage(browser, '/professional-login', professional, PHONE);
  // The dashboard warns of it, with the way to Credentials.
  await expect(
    page.getByText(credentialTexts.alerts.expiring('CPR/BLS certification', expiresOn)),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: credentialTexts.alerts.action })).toBeVisible();
  await page.goto('/hygienist-portal/find-shifts');
  // The shift is listed, saying why it cannot be booked (booking would answer the same), with
  // the way to Credentials instead of Book now.
  const card = boardCard(page, practice.practiceName);
  await expect(card).toHaveCount(1);
  const message = credentialTexts.expiresBeforeShift('CPR/BLS certification', expiresOn);
  await expect(card.getByText(message)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Book .* now$/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Apply for/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await card.screenshot({ path: testInfo.outputPath('lapsed-card-360.png') });
  await page.setViewportSize(DESKTOP);
  await card.screenshot({ path: testInfo.outputPath('lapsed-card-1280.png') });
  await card.getByRole('link', { name: credentialTexts.lapseAction }).click();
  await expect(page).toHaveURL(/\/hygienist-portal\/credentials$/);
  await expect(page.getByRole('heading', { name: 'Credentials', level: 1 })).toBeVisible();
});

async function createXrayShift(page: Page, date: Date) {
  await openSection(page, 'Staffing Requests');
  await page.getByRole('button', { name: 'New Staffing Request' }).click();
  const form = page.getByRole('form', { name: 'New Staffing Request' });
  await form.getByLabel('Position').selectOption('Dental Assistant');
  await form.getByRole('button', { name: 'Go to the Next Month' }).click();
  await form.getByRole('button', { name: dayButtonName(date) }).click();
  await form.getByLabel('Start Time').fill('08:00');
  await form.getByLabel('End Time').fill('16:00');
  await form.getByLabel('Hourly Rate ($)').fill('45');
  await form.getByLabel('Location').selectOption({ index: 1 });
  await form.getByLabel(requirementLabel('nj_radiologic_license')).check();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create Shifts' }).click();
  await expect(page.getByText('Shifts created successfully!')).toBeVisible();
}

test('a shift requiring X-ray reaches only assistants with a verified X-ray license', async ({
  browser,
  baseURL,
}, testInfo) => {
  const practice = await createNamedPractice(baseURL!, 'Xray Dental');
  const date = nextMonthDay(16);
  const office = await portalPage(browser, '/practice-login', practice);
  await createXrayShift(office, date);
  await expect(
    office.getByText(`${requirementTexts.listLabel}: ${requirementLabel('nj_radiologic_license')}`),
  ).toBeVisible();
  await office.screenshot({ path: testInfo.outputPath('xray-shift-1280.png'), fullPage: true });

  const without = await createMatchingProfessional(baseURL!, {
    role: 'assistant',
    firstName: 'Quinn',
    lastName: `NoXray${Date.now().toString(36)}`,
  });
  const withLicense = await createMatchingProfessional(baseURL!, {
    role: 'assistant',
    firstName: 'Rowan',
    lastName: `Xray${Date.now().toString(36)}`,
  });
  await verifiedCredential(baseURL!, withLicense, {
    kind: 'nj_radiologic_license',
    number: 'LRT-D-8812',
    expiresOn: njDate(500),
  });

  // Without the license: not on the board, and told which credential keeps it away.
  const noXray = await portalPage(browser, '/professional-login', without, PHONE);
  await noXray.goto('/dental-assistant/find-shifts');
  await expect(noXray.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeVisible();
  await expect(noXray.getByText(practice.practiceName)).toHaveCount(0);
  await expect(
    noXray.getByText(`${requirementLabel('nj_radiologic_license')}, which you don't have yet`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(
    noXray.getByRole('link', { name: requirementTexts.boardHiddenAction }),
  ).toBeVisible();
  await expectNoSidewaysScroll(noXray);
  await noXray.screenshot({
    path: testInfo.outputPath('board-without-xray-360.png'),
    fullPage: true,
  });

  // With it: on the board.
  const xray = await portalPage(browser, '/professional-login', withLicense);
  await xray.goto('/dental-assistant/find-shifts');
  await expect(boardCard(xray, practice.practiceName)).toHaveCount(1);
});
