import { readFile } from 'node:fs/promises';
import { TZDate } from '@date-fns/tz';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { readPdfText } from '../test/support/read-pdf-text';
import { moneyMessages } from '../src/shared/money/money-texts';
import { expectNoSeriousA11yViolations } from './support/fixtures';
import {
  adminApi,
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
 * Money with two browsers: the professional links a payout bank on a phone, the practice approves
 * the hours, the charge is debited and the professional paid; the receipt and the weekly invoice
 * are PDFs with the right lines; Earnings shows the pay. A late cancellation is charged after the
 * dialog said so, and a no-show charges nothing.
 */
test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 360, height: 740 };
const HOUR = 3_600_000;

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  return context.newPage();
}

/** The practice's bank, linked through the sandbox widget's calls. */
async function linkPracticeBank(api: APIRequestContext) {
  const token = (await (await api.post('/api/practice/billing/link-token')).json()) as {
    banks: Array<{ id: string; accounts: Array<{ id: string }> }>;
  };
  const bank = token.banks[0]!;
  const publicToken = await api.post('/api/practice/billing/sandbox/public-token', {
    data: { bankId: bank.id, accountId: bank.accounts[0]!.id },
  });
  const linked = await api.post('/api/exchange-plaid-token', { data: await publicToken.json() });
  expect(linked.status(), await linked.text()).toBe(200);
}

/** A shift booked by `proApi`, then placed at `startsAt` for `hours` (development clock route). */
async function bookedShiftAt(
  practiceApi: APIRequestContext,
  proApi: APIRequestContext,
  startsAt: Date,
  hours = 8,
) {
  const shiftId = await postShift(practiceApi, {
    date: dateValue(nextMonthDay(12)),
    bookingMode: 'instant',
    rate: '60.00',
  });
  const booked = await proApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);
  const moved = await practiceApi.post(`/api/dev/shifts/${shiftId}/times`, {
    data: {
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + hours * HOUR).toISOString(),
    },
  });
  expect(moved.status(), await moved.text()).toBe(204);
  return { shiftId, bookingId: ((await booked.json()) as { id: string }).id };
}

/** On a phone the portal's sections are behind the menu toggle. */
async function openPhoneSection(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await openSection(page, name);
}

async function downloadPdf(page: Page, link: ReturnType<Page['getByRole']>) {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await (await download).path();
  return readPdfText(new Uint8Array(await readFile(file!)));
}

test('approved hours are charged and paid out; receipt, weekly invoice and earnings', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Ledger Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Paz',
    lastName: `Paid${suffix}`,
  });
  const proName = `Paz Paid${suffix}`;
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  await linkPracticeBank(practiceApi);

  // The professional links the bank their pay goes to, on a phone.
  const phone = await newPage(browser, PHONE);
  await signIn(phone, '/professional-login', pro);
  await openPhoneSection(phone, 'Settings');
  const payout = phone.getByRole('region', { name: 'Payout account' });
  await expect(payout).toContainText('No payout account yet');
  await payout.getByRole('button', { name: 'Link payout account' }).click();
  const widget = phone.getByRole('dialog', { name: 'Connect a bank account' });
  await widget
    .getByRole('region', { name: 'Tartan Bank' })
    .getByRole('button', { name: /Tartan Business Checking/ })
    .click();
  await expect(phone.getByText('Payout account linked')).toBeVisible();
  await expect(payout).toContainText('Tartan Bank');
  await expect(payout).toContainText('•••• 6789');
  await expectNoSeriousA11yViolations(phone);

  // A shift worked eight days ago (last week): its scheduled hours wait for the practice.
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * HOUR);
  eightDaysAgo.setUTCHours(13, 0, 0, 0);
  await bookedShiftAt(practiceApi, proApi, eightDaysAgo);
  await runJobs(practiceApi, new Date());

  const office = await newPage(browser);
  await signIn(office, '/practice-login', practice);
  await openSection(office, 'Timesheets');
  const sheet = office.getByRole('listitem').filter({
    has: office.getByRole('heading', { name: new RegExp(`^${proName}`) }),
  });
  await sheet.getByRole('button', { name: new RegExp(`^Approve: ${proName}`) }).click();
  await expect(office.getByText('Timesheet approved')).toBeVisible();

  // The payments run debits the practice, the debit settles, the professional is paid; the
  // finished week is invoiced.
  await runJobs(practiceApi, new Date());
  await openSection(office, 'Billing');
  const charge = office.getByTestId('charge').filter({ hasText: proName });
  await expect(charge).toContainText('Paid');
  await expect(charge).toContainText('7 h 30 min at $60.00/hr');
  // 7.5 h at $60 = $450.00; 15% fee = $67.50; total $517.50.
  await expect(charge).toContainText('$450.00');
  await expect(charge).toContainText('$67.50');
  await expect(charge).toContainText('$517.50');
  const receipt = await downloadPdf(office, charge.getByRole('link', { name: /^Receipt/ }));
  expect(receipt.title).toMatch(/^Receipt CF-R-/);
  expect(receipt.lines.join('\n')).toContain(`Hygienist · ${proName}`);
  expect(receipt.lines.join('\n')).toContain('Total: $517.50');

  const invoices = office.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices).toContainText('Paid');
  const invoice = await downloadPdf(
    office,
    invoices.getByRole('link', { name: /^Download PDF of invoice/ }),
  );
  expect(invoice.title).toMatch(/^Invoice CF-\d{4}-W\d{2}-/);
  const text = invoice.lines.join('\n');
  expect(text).toContain(practice.practiceName);
  expect(
    invoice.lines.find((line) => line.includes(proName)),
    'the shift’s line: hours, rate, pay, fee, total, status',
  ).toMatch(/7 h 30 min \$60\.00\/hr \$450\.00 \$67\.50 \$517\.50 Paid/);
  expect(text).toContain('Amount due: $0.00');
  expect(text).toContain('ChairFill’s fee is 15% of the shift amount.');
  await expectNoSeriousA11yViolations(office);

  // Earnings: the shift, paid, with its payout date, and the year's total.
  await openPhoneSection(phone, 'Earnings');
  const earning = phone.getByTestId('earning').filter({ hasText: practice.practiceName });
  await expect(earning).toContainText('Paid');
  await expect(earning).toContainText('$450.00');
  await expect(earning).toContainText(/Paid on /);
  // Each total says what it counts; earned and not yet approved add up to the total of the rows.
  await expect(phone.getByTestId('earnings-total')).toHaveText('$450.00');
  await expect(phone.getByText(/^Total for \d{4}, all shifts listed$/)).toBeVisible();
  await expect(phone.getByTestId('earnings-earned')).toHaveText('$450.00');
  await expect(phone.getByTestId('earnings-waiting')).toHaveText('$0.00');
  await expect(phone.getByTestId('earnings-paid')).toHaveText('$450.00');
  await expect(phone.getByText(moneyMessages.earningsWaitingTotal)).toBeVisible();
  await phone.screenshot({ path: test.info().outputPath('earnings-360.png'), fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.screenshot({ path: test.info().outputPath('earnings-1280.png'), fullPage: true });
  await phone.setViewportSize(PHONE);
  await expect(phone.getByRole('link', { name: /Download CSV/ })).toBeVisible();

  // The staff's money console finds the charge and shows the ledger in balance.
  const adminState = await (await adminApi(baseURL!)).storageState();
  const consolePage = await (await browser.newContext({ storageState: adminState })).newPage();
  await consolePage.goto('/admin/money');
  await consolePage.getByLabel('Search by practice, professional or charge id').fill(proName);
  await expect(
    consolePage.getByRole('listitem').filter({ hasText: `${practice.practiceName} → ${proName}` }),
  ).toContainText('$517.50');
  await expect(consolePage.getByTestId('ledger-total')).toContainText('The ledger balances.');
  await expectNoSeriousA11yViolations(consolePage);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(phone);
});

test('a late cancellation is charged after the dialog says so; a no-show charges nothing', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Late Dental');
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Lena',
    lastName: `Late${suffix}`,
  });
  const proName = `Lena Late${suffix}`;
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  await linkPracticeBank(practiceApi);

  // Starts in three hours: cancelling now costs 4 hours at $60.00 plus the fee.
  const soon = new Date(Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000);
  await bookedShiftAt(practiceApi, proApi, soon);
  const office = await newPage(browser);
  await signIn(office, '/practice-login', practice);
  await openSection(office, 'Staffing Requests');
  await office
    .getByRole('button', {
      name: `Cancel shift on ${longDate(new TZDate(soon, 'America/New_York'))}`,
    })
    .first()
    .click();
  const dialog = office.getByRole('dialog', { name: 'Cancel this shift?' });
  await expect(dialog.getByTestId('late-cancel-warning')).toHaveText(
    'This shift starts in less than 24 hours. Cancelling now charges a late-cancellation amount of 4 hours at $60.00/hr: $276.00 including ChairFill’s fee of $36.00.',
  );
  await dialog.getByLabel('Reason for cancelling').fill('A burst pipe closed the office.');
  await dialog.getByRole('button', { name: 'Yes, Cancel Shift' }).click();
  await expect(office.getByText('Shift cancelled successfully')).toBeVisible();
  await openSection(office, 'Billing');
  const late = office.getByTestId('charge').filter({ hasText: proName });
  await expect(late).toContainText('Late cancellation: 4 h at $60.00/hr');
  await expect(late).toContainText('$276.00');

  // Nobody came to a shift that started 40 minutes ago: the practice reports it, nothing charged.
  await bookedShiftAt(practiceApi, proApi, new Date(Date.now() - 40 * 60_000), 6);
  await openSection(office, 'Dashboard');
  await office.getByRole('button', { name: `Report no-show: ${proName}` }).click();
  const confirm = office.getByRole('dialog', { name: 'Report a no-show?' });
  await confirm.getByRole('button', { name: 'Yes, Report No-Show' }).click();
  await expect(
    office.getByText('No-show reported. Nothing is charged for this shift.'),
  ).toBeVisible();
  await openSection(office, 'Billing');
  await expect(office.getByTestId('charge').filter({ hasText: proName })).toHaveCount(1);
  await expectNoSeriousA11yViolations(office);
});
