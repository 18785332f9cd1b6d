import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ProfessionalRole } from '../src/shared/accounts';
import { createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, readMail } from './support/fixtures';
import { adminApi, verifyProfessional } from './support/marketplace';

/** A 1x1 PNG and a minimal PDF, made here so the test needs no fixture files. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

interface RoleCase {
  role: ProfessionalRole;
  portal: string;
  title: string;
  personalCard: string;
  locationCard: string;
  saveMessage: string;
  license: boolean;
  licenseType: boolean;
  /** The accordion sections of the Skills & Experience card, in order. */
  groups: string[];
  /** An option to check in the first and in the second section. */
  firstOption: string;
  secondOption: string;
}

const roles: RoleCase[] = [
  {
    role: 'hygienist',
    portal: '/hygienist-portal',
    title: 'Dental Hygienist',
    personalCard: 'Personal Information',
    locationCard: 'Location Preferences',
    saveMessage: 'Changes saved successfully!',
    license: true,
    licenseType: false,
    groups: ['Specialties', 'Certifications', 'Scanning', 'Dental Software', 'CBCT'],
    firstOption: 'Periodontics',
    secondOption: 'Nitrous Oxide (N2O)',
  },
  {
    role: 'assistant',
    portal: '/dental-assistant',
    title: 'Dental Assistant',
    personalCard: 'Basic Information',
    locationCard: 'Location Information',
    saveMessage: 'Profile updated successfully!',
    license: true,
    licenseType: true,
    groups: ['Specialties', 'Certifications', 'Scanning', 'Dental Software', 'CBCT'],
    firstOption: 'Orthodontics',
    secondOption: 'Coronal Polishing',
  },
  {
    role: 'front-desk',
    portal: '/front-desk-portal',
    title: 'Front Desk',
    personalCard: 'Personal Information',
    locationCard: 'Location Information',
    saveMessage: 'Changes saved successfully!',
    license: false,
    licenseType: false,
    groups: ['Specialties', 'Dental Software', 'Skills'],
    firstOption: 'General Dentistry',
    secondOption: 'Practice Web',
  },
];

async function signIn(page: Page, email: string, password: string, portal: string) {
  await page.goto('/professional-login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${portal}$`));
}

function card(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** Clicks the card's Save, waits for the role's message and for read mode. */
async function save(page: Page, region: Locator, message: string) {
  await region.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(region.getByRole('button', { name: /^Edit/ })).toBeVisible();
}

/** Runs axe on the whole page, save toasts included (they use the toaster's default colours). */
async function expectAccessible(page: Page) {
  await expectNoSeriousA11yViolations(page);
}

async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name }).click();
}

for (const r of roles) {
  test.describe(`${r.title} portal`, () => {
    test(`edits and saves every card, toggles availability, uploads a photo and a resume, and keeps them after a reload`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const account = await createProfessionalAccount(baseURL!, r.role, {
        firstName: 'Taylor',
        lastName: 'Brooks',
      });
      await signIn(page, account.email, account.password, r.portal);
      const nav = page.getByRole('navigation', { name: 'Portal' });
      await expect(nav.getByText('Hi, Taylor!')).toBeVisible();
      await expect(nav.getByText(r.title, { exact: true })).toBeVisible();

      // Dashboard: honest figures from the professional's own bookings (none yet).
      await expect(
        page.getByRole('heading', {
          level: 1,
          name: r.role === 'front-desk' ? 'Welcome, Taylor Brooks' : 'Dashboard',
        }),
      ).toBeVisible();
      for (const [label, value] of [
        ['Completed Shifts', '0'],
        ['Upcoming Shifts', '0'],
        ['Average Rating', '—'],
        ['Total Hours', '0'],
      ] as const) {
        await expect(
          page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]'),
        ).toHaveText(value);
      }

      // Schedule: the calendar (loaded on demand) and an honest empty list.
      await openSection(page, 'Schedule');
      await expect(page).toHaveURL(new RegExp(`${r.portal}/schedule$`));
      await expect(page.locator('.rbc-calendar')).toBeVisible();
      await expect(page.locator('.rbc-calendar')).toHaveCSS('height', '600px');
      await expect(page.getByRole('heading', { name: 'Upcoming Shifts' })).toBeVisible();
      await expect(page.getByText('No upcoming shifts')).toBeVisible();
      await expect(page.locator('.rbc-event')).toHaveCount(0);

      // Availability.
      await openSection(page, 'Availability');
      const employment = card(page, 'Employment Status');
      await expect(employment.getByText('Strictly Temporary/PRN')).toBeVisible();
      await expect(
        employment.getByText('Available exclusively for temporary assignments.'),
      ).toBeVisible();
      await employment.getByRole('button', { name: /^Edit/ }).click();
      await employment.getByLabel('Employment Status').selectOption('part-time');
      await save(page, employment, r.saveMessage);
      await expect(employment.getByText('Part-Time', { exact: true })).toBeVisible();
      await expect(
        employment.getByText(
          'Available for regular part-time work as well as temporary assignments.',
        ),
      ).toBeVisible();

      const rate = card(page, 'Rate Preference');
      await expect(rate.getByText('Not provided')).toBeVisible();
      await rate.getByRole('button', { name: /^Edit/ }).click();
      const rateInput = rate.getByLabel('Minimum Hourly Rate ($)');
      await expect(rateInput).toHaveAttribute('min', '0');
      await expect(rateInput).toHaveAttribute('step', '0.01');
      await rateInput.fill('45.5');
      await save(page, rate, r.saveMessage);
      await expect(rate.getByText('$45.50/hr')).toBeVisible();

      const location = card(page, r.locationCard);
      await expect(location).toBeVisible();
      await location.getByRole('button', { name: /^Edit/ }).click();
      await location.getByLabel('Add a preferred location').fill('Newark, NJ');
      await location.getByRole('button', { name: 'Add', exact: true }).click();
      await location.getByLabel('Add a preferred location').fill('Trenton, NJ');
      await location.getByLabel('Add a preferred location').press('Enter');
      await location.getByLabel('Home Address').fill('12 Elm Street, New Brunswick, NJ');
      await location.getByLabel('Home ZIP Code').fill('08901');
      await expect(location.getByLabel('Travel Distance (miles)')).toHaveAttribute('min', '0');
      await location.getByLabel('Travel Distance (miles)').fill('25');
      await save(page, location, r.saveMessage);
      await expect(location.getByText('Newark, NJ')).toBeVisible();
      await expect(location.getByText('Trenton, NJ')).toBeVisible();
      await expect(location.getByText('12 Elm Street, New Brunswick, NJ')).toBeVisible();
      await expect(location.getByText('08901')).toBeVisible();
      await expect(location.getByText('25 miles')).toBeVisible();

      const week = card(page, 'Weekly Availability');
      const monday = week.getByRole('checkbox', { name: 'Monday' });
      await expect(monday).toBeDisabled();
      await week.getByRole('button', { name: /^Edit/ }).click();
      await expect(monday).toBeEnabled();
      await monday.check();
      await expect(week.getByLabel('Monday start time')).toHaveValue('09:00');
      await expect(week.getByLabel('Monday end time')).toHaveValue('17:00');
      await expect(week.getByLabel('Monday start time').locator('option')).toHaveCount(24);
      await expect(week.getByLabel('Monday start time').locator('option:checked')).toHaveText(
        '9:00 AM',
      );
      // Checking adds 09:00 to 17:00, unchecking removes it.
      const wednesday = week.getByRole('checkbox', { name: 'Wednesday' });
      await wednesday.check();
      await expect(week.getByLabel('Wednesday start time')).toBeVisible();
      await wednesday.uncheck();
      await expect(week.getByLabel('Wednesday start time')).toHaveCount(0);
      // An end before the start is refused.
      await week.getByLabel('Monday end time').selectOption('08:00');
      await expect(week.getByText('End time must be after start time')).toBeVisible();
      await week.getByRole('button', { name: /^Save/ }).click();
      await expect(week.getByRole('button', { name: /^Save/ })).toBeVisible();
      await week.getByLabel('Monday start time').selectOption('07:00');
      await week.getByLabel('Monday end time').selectOption('15:00');
      await expect(week.getByText('End time must be after start time')).toHaveCount(0);
      await expectAccessible(page);
      await week.getByRole('checkbox', { name: 'Friday' }).check();
      await week.getByLabel('Friday end time').selectOption('23:00');
      await save(page, week, r.saveMessage);
      await expect(monday).toBeDisabled();
      await expect(week.getByLabel('Monday start time')).toBeDisabled();

      // Profile.
      await openSection(page, 'Profile');
      const personal = card(page, r.personalCard);
      await expect(personal).toBeVisible();
      await expect(personal.getByText('No file uploaded')).toBeVisible();
      await personal
        .getByLabel('Upload Photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      const photo = personal.getByRole('img', { name: 'Profile photo' });
      await expect(photo).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

      await personal.getByRole('button', { name: /^Edit/ }).click();
      await personal.getByLabel('First Name').fill('Jordan');
      await personal.getByLabel('Phone').fill('(973) 555-0100');
      if (r.license) await personal.getByLabel('License Number').fill('NJ-424242');
      if (r.licenseType) await personal.getByLabel('License Type').selectOption('RDA');
      if (!r.license) await expect(personal.getByLabel('License Number')).toHaveCount(0);
      await save(page, personal, r.saveMessage);
      await expect(personal.getByText('Jordan', { exact: true })).toBeVisible();
      await expect(personal.getByText('(973) 555-0100')).toBeVisible();
      if (r.license) await expect(personal.getByText('NJ-424242')).toBeVisible();
      if (r.licenseType) await expect(personal.getByText('RDA', { exact: true })).toBeVisible();
      await expect(nav.getByText('Hi, Jordan!')).toBeVisible();

      const skills = card(page, 'Skills & Experience');
      await expect(skills.getByText('No file uploaded')).toBeVisible();
      await skills
        .getByLabel('Upload Resume')
        .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(skills.getByRole('link', { name: 'resume.pdf' })).toHaveAttribute(
        'href',
        /^\/api\/files\//,
      );
      // Read mode: every section shows.
      for (const group of r.groups) {
        await expect(skills.getByText(group, { exact: true })).toBeVisible();
      }
      await skills.getByRole('button', { name: /^Edit/ }).click();
      await skills.getByLabel('Years of Experience').fill('7');
      // Edit mode: an accordion with one section open at a time.
      const first = skills.getByRole('button', { name: r.groups[0], exact: true });
      const second = skills.getByRole('button', { name: r.groups[1], exact: true });
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(second).toHaveAttribute('aria-expanded', 'false');
      await skills.getByRole('checkbox', { name: r.firstOption }).check();
      await second.click();
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(skills.getByRole('checkbox', { name: r.firstOption })).toBeHidden();
      await skills.getByRole('checkbox', { name: r.secondOption }).check();
      await skills.getByLabel(`Other ${r.groups[1]}`).fill('Laser certified');
      await expectAccessible(page);
      await save(page, skills, r.saveMessage);
      await expect(skills.getByText(r.firstOption, { exact: true })).toBeVisible();
      await expect(skills.getByText(r.secondOption, { exact: true })).toBeVisible();
      await expect(skills.getByText('Other: Laser certified')).toBeVisible();
      await expect(skills.getByText('7', { exact: true })).toBeVisible();

      // After a reload everything is still there, photo and resume included.
      await page.reload();
      await expect(nav.getByText('Hi, Jordan!')).toBeVisible();
      const photoAfter = card(page, r.personalCard).getByRole('img', { name: 'Profile photo' });
      await expect
        .poll(() => photoAfter.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(1);
      await expect(
        card(page, 'Skills & Experience').getByRole('link', { name: 'resume.pdf' }),
      ).toBeVisible();
      await expect(
        card(page, 'Skills & Experience').getByText('Other: Laser certified'),
      ).toBeVisible();
      const download = page.waitForEvent('download');
      await card(page, 'Skills & Experience').getByRole('link', { name: 'resume.pdf' }).click();
      expect((await download).suggestedFilename()).toBe('resume.pdf');

      await openSection(page, 'Availability');
      await expect(card(page, 'Rate Preference').getByText('$45.50/hr')).toBeVisible();
      await expect(card(page, r.locationCard).getByText('Trenton, NJ')).toBeVisible();
      const weekAfter = card(page, 'Weekly Availability');
      await expect(weekAfter.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
      await expect(weekAfter.getByRole('checkbox', { name: 'Wednesday' })).not.toBeChecked();
      await expect(weekAfter.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
      await expect(weekAfter.getByLabel('Monday start time')).toHaveValue('07:00');
      await expect(weekAfter.getByLabel('Monday end time')).toHaveValue('15:00');
      await expect(weekAfter.getByLabel('Friday end time')).toHaveValue('23:00');
      await expect(
        card(page, 'Employment Status').getByText('Part-Time', { exact: true }),
      ).toBeVisible();

      // An unknown section.
      await page.goto(`${r.portal}/nowhere`);
      await expect(page.getByText('Select a section')).toBeVisible();
    });

    test('a failed save stays in edit mode, a failed upload says so, a broken photo clears', async ({
      page,
      baseURL,
    }) => {
      const account = await createProfessionalAccount(baseURL!, r.role);
      await signIn(page, account.email, account.password, r.portal);
      await openSection(page, 'Availability');
      const rate = card(page, 'Rate Preference');
      await page.route('**/api/professional/profile', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: '{"error":{"code":"internal","message":"x"}}',
            })
          : route.continue(),
      );
      await rate.getByRole('button', { name: /^Edit/ }).click();
      await rate.getByLabel('Minimum Hourly Rate ($)').fill('50');
      await rate.getByRole('button', { name: /^Save/ }).click();
      await expect(rate.getByRole('alert')).toHaveText('Failed to save changes');
      await expect(rate.getByLabel('Minimum Hourly Rate ($)')).toHaveValue('50');
      await page.unroute('**/api/professional/profile');

      await openSection(page, 'Profile');
      const skills = card(page, 'Skills & Experience');
      // A PNG named like a resume is refused by its content.
      await skills
        .getByLabel('Upload Resume')
        .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PNG });
      await expect(skills.getByRole('alert')).toContainText('Failed to upload file');
      await expect(skills.getByText('No file uploaded')).toBeVisible();

      const personal = card(page, r.personalCard);
      await personal
        .getByLabel('Upload Photo')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PDF });
      await expect(personal.getByRole('alert')).toContainText('Failed to upload photo');

      await personal
        .getByLabel('Upload Photo')
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await expect(personal.getByRole('img', { name: 'Profile photo' })).toHaveAttribute(
        'src',
        /^\/api\/files\//,
      );
      // A photo that fails to load clears its source.
      await page.route('**/api/files/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.reload();
      await expect(card(page, r.personalCard).getByText('Upload Photo')).toBeVisible();
      await expect(
        card(page, r.personalCard).getByRole('img', { name: 'Profile photo' }),
      ).toHaveCount(0);
    });

    test('the mobile menu at 375 px opens the sidebar over an overlay', async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const account = await createProfessionalAccount(baseURL!, r.role, { firstName: 'Riley' });
      await signIn(page, account.email, account.password, r.portal);
      const nav = page.getByRole('navigation', { name: 'Portal' });
      await expect(nav).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav).toBeVisible();
      await expect(nav.getByText('Hi, Riley!')).toBeVisible();
      await expect(nav.getByText(r.title, { exact: true })).toBeVisible();
      for (const name of ['Dashboard', 'Schedule', 'Availability', 'Profile']) {
        await expect(nav.getByRole('link', { name })).toBeVisible();
      }
      await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
      const overlay = page.locator('div.fixed.inset-0');
      await expect(overlay).toBeVisible();
      await nav.getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(new RegExp(`${r.portal}/profile$`));
      await expect(nav).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
      // The page fits the phone: no sideways scrolling.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav).toBeVisible();
      await overlay.click({ position: { x: 360, y: 400 } });
      await expect(nav).toBeHidden();
    });
  });
}

test.describe('profile integrity', () => {
  test('each card saves only its own fields, keeps the signup address, adds a typed location on Save, and changes the e-mail only by a confirmed link', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const account = await createProfessionalAccount(baseURL!, 'hygienist', {
      address: '8 Maple Court',
      city: 'Princeton',
      state: 'NJ',
      zipCode: '08540',
    });
    await signIn(page, account.email, account.password, '/hygienist-portal');
    await openSection(page, 'Availability');
    const saved = 'Changes saved successfully!';

    // The street, city, state and ZIP typed at signup are the Home Address.
    const location = card(page, 'Location Preferences');
    await expect(location.getByText('8 Maple Court, Princeton, NJ 08540')).toBeVisible();

    // A location typed but not added is added by Save.
    await location.getByRole('button', { name: /^Edit/ }).click();
    await location.getByLabel('Home Address').fill('12 Elm Street, Newark, NJ');
    await location.getByLabel('Add a preferred location').fill('Hoboken, NJ');
    await save(page, location, saved);
    await expect(location.getByRole('listitem').filter({ hasText: 'Hoboken, NJ' })).toBeVisible();
    await expect(location.getByText('12 Elm Street, Newark, NJ 08540')).toBeVisible();

    // Saving the other cards of the page leaves the Home Address as it is.
    const employment = card(page, 'Employment Status');
    await employment.getByRole('button', { name: /^Edit/ }).click();
    await employment.getByLabel('Employment Status').selectOption('part-time');
    await save(page, employment, saved);
    const rate = card(page, 'Rate Preference');
    await rate.getByRole('button', { name: /^Edit/ }).click();
    await rate.getByLabel('Minimum Hourly Rate ($)').fill('48');
    await save(page, rate, saved);
    const week = card(page, 'Weekly Availability');
    await week.getByRole('button', { name: /^Edit/ }).click();
    await week.getByRole('checkbox', { name: 'Tuesday' }).check();
    await save(page, week, saved);
    await page.reload();
    await expect(
      card(page, 'Location Preferences').getByText('12 Elm Street, Newark, NJ 08540'),
    ).toBeVisible();

    // The e-mail is read-only in the form; 'Change e-mail' sends a link to the new address.
    await openSection(page, 'Profile');
    const personal = card(page, 'Personal Information');
    await personal.getByRole('button', { name: /^Edit/ }).click();
    await expect(personal.getByLabel('Email')).toBeDisabled();
    await personal.getByRole('button', { name: 'Cancel' }).click();
    await personal.getByRole('button', { name: 'Change e-mail' }).click();
    await personal.getByLabel('New e-mail').fill(account.email);
    await personal.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(personal.getByText('This is already your e-mail address.')).toBeVisible();
    // Long and without a hyphen: nowhere an ordinary line break may fall.
    const newEmail = `moved.to.a.much.longer.address.${Date.now().toString(36)}${process.pid.toString(36)}@example.com`;
    await personal.getByLabel('New e-mail').fill(newEmail);
    await personal.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(personal.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
    await expect(personal.getByText(account.email, { exact: true })).toBeVisible();
    await expectAccessible(page);

    const mail = await readMail(request, newEmail, {
      subject: 'Confirm your new ChairFill e-mail',
    });
    const link = /https?:\/\/[^\s]+\/confirm-email\?token=[^\s]+/.exec(mail.text)![0];
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('button', { name: 'Confirm my new e-mail' }).click();
    await expect(page.getByText(`Your e-mail is now ${newEmail}.`)).toBeVisible();
    // On a phone the address wraps inside the message instead of running out of its box.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    const confirmed = page.getByRole('status').filter({ hasText: 'Your e-mail is now' });
    expect(await confirmed.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    await page.setViewportSize(desktop);
    await page.goto('/hygienist-portal/profile');
    const personalCard = card(page, 'Personal Information');
    const shownEmail = personalCard.getByText(newEmail, { exact: true });
    await expect(shownEmail).toBeVisible();
    // The card's value wraps on a phone too, inside the card.
    await page.setViewportSize({ width: 360, height: 740 });
    const cardBox = (await personalCard.boundingBox())!;
    const valueBox = (await shownEmail.boundingBox())!;
    expect(valueBox.x + valueBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await page.setViewportSize(desktop);
  });
  test('a verified professional who changes the license number is back in review and is told why; front desk is told its profile is reviewed', async ({
    page,
    baseURL,
  }) => {
    const account = await createProfessionalAccount(baseURL!, 'hygienist');
    const admin = await adminApi(baseURL!);
    await verifyProfessional(admin, account.email);
    await signIn(page, account.email, account.password, '/hygienist-portal');
    await expect(page.getByTestId('verification-status')).toContainText('Your account is verified');

    await openSection(page, 'Profile');
    const personal = card(page, 'Personal Information');
    await personal.getByRole('button', { name: /^Edit/ }).click();
    await personal.getByLabel('License Number').fill('NJ-CHANGED-77');
    await save(page, personal, 'Changes saved successfully!');
    await openSection(page, 'Dashboard');
    const notice = page.getByTestId('verification-status');
    await expect(notice).toContainText('Verification in progress');
    await expect(notice).toContainText('while we review your license');
    await expect(notice).toContainText('Reason: Changed license number');

    await page.context().clearCookies();
    const frontDesk = await createProfessionalAccount(baseURL!, 'front-desk');
    await signIn(page, frontDesk.email, frontDesk.password, '/front-desk-portal');
    const pending = page.getByTestId('verification-status');
    await expect(pending).toContainText('while we review your profile and identity');
    await expect(pending).not.toContainText('license');
  });
});
