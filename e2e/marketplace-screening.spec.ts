import { TZDate } from '@date-fns/tz';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, readMail } from './support/fixtures';
import {
  adminApi,
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  openSection,
  postShift,
  shortDate,
  signedInApi,
  signIn,
} from './support/marketplace';

/**
 * From sign-up to a booked shift: a new professional is pending and cannot book; an admin
 * verifies them in the console; they are told by e-mail, find the practice's instant shift with
 * why it fits, book it, and the booking is on both sides' calendar feeds.
 */
test.describe.configure({ timeout: 120_000 });

test('an admin verifies a new professional in the console, who can then book a shift', async ({
  browser,
  baseURL,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Screened Smiles');
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const now = TZDate.tz('America/New_York');
  const date = new TZDate(now.getFullYear(), now.getMonth() + 1, 14, 12, 0, 'America/New_York');
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });

  const professional = await createMatchingProfessional(baseURL!, {
    firstName: 'Nia',
    lastName: `New${suffix}`,
    verified: false,
  });

  // Pending: the board shows the shift and why it fits, with the notice and no way to book.
  const proContext = await browser.newContext();
  const proPage = await proContext.newPage();
  await signIn(proPage, '/professional-login', professional);
  await openSection(proPage, 'Find Shifts');
  const card = proPage
    .getByRole('list', { name: 'Matching shifts' })
    .getByRole('listitem')
    .filter({ hasText: practice.practiceName });
  await expect(card).toContainText('miles away (within your 25 miles)');
  await expect(card).toContainText('$55.00/hr — $15.00 above your minimum');
  await expect(card).toContainText('availability');
  await expect(proPage.getByTestId('verification-status')).toBeVisible();
  const bookName = `Book Hygienist shift on ${shortDate(date)} now`;
  await expect(card.getByRole('button', { name: bookName })).toHaveCount(0);
  // The API refuses too, and nothing changes.
  const proApi = await signedInApi(
    baseURL!,
    professional.email,
    professional.password,
    'professional',
  );
  const refused = await proApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    'You can book shifts once your account is verified.',
  );

  // The admin verifies them in the console.
  await (await adminApi(baseURL!)).dispose();
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel('Email', { exact: true }).fill('admin@e2e.chairfill.example.com');
  await adminPage.getByLabel('Password', { exact: true }).fill('staff-e2e-password');
  await adminPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Professional screening' })).toBeVisible();
  const since = new Date();
  const adminCard = adminPage.getByRole('article', { name: professional.name });
  await adminCard.getByRole('button', { name: `Verify ${professional.name}` }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Verify' }).click();
  await expect(adminPage.getByText('Professional verified.')).toBeVisible();

  const verifiedMail = await readMail(request, professional.email, {
    subject: 'Your ChairFill account is verified',
    since,
  });
  expect(verifiedMail.text).toContain('You can now apply for and book shifts.');

  // Verified: the notice is gone and the shift can be booked.
  await proPage.reload();
  await expect(proPage.getByTestId('verification-status')).toHaveCount(0);
  await card.getByRole('button', { name: bookName }).click();
  await proPage
    .getByRole('dialog', { name: 'Book this shift?' })
    .getByRole('button', { name: 'Book Shift' })
    .click();
  await expect(proPage.getByText('Shift booked! It is on your schedule.')).toBeVisible();
  await expectNoSeriousA11yViolations(proPage);

  // Both are told by e-mail.
  await readMail(request, professional.email, { subject: "You're booked: Hygienist shift", since });
  await readMail(request, practice.email, {
    subject: `${professional.name} is booked for your Hygienist shift`,
    since,
  });

  // Both calendar feeds carry the shift: the professional's as their booking, the practice's
  // with who is booked.
  for (const api of [proApi, practiceApi]) {
    const { url } = (await (await api.get('/api/calendar-feed')).json()) as { url: string };
    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    const text = await feed.text();
    expect(text).toContain(`UID:shift-${shiftId}@chairfill`);
    if (api === practiceApi) expect(text).toContain(professional.name);
    else expect(text).toContain(practice.practiceName);
  }

  await proApi.dispose();
  await practiceApi.dispose();
  await proContext.close();
  await adminContext.close();
});
