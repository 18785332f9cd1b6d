import { expect, test, type Page } from '@playwright/test';
import { createPracticeAccount, createProfessionalAccount, E2E_PASSWORD } from './support/accounts';
import { readMail, uniqueEmail } from './support/fixtures';

async function signIn(page: Page, loginPath: string, email: string, password: string) {
  await page.goto(loginPath);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('practice signup', () => {
  test('shows the rules under the fields, then creates the account and opens the portal', async ({
    page,
  }) => {
    await page.goto('/dental-office-signup');
    await expect(
      page.getByRole('heading', { name: 'Create Your Dental Office Account' }),
    ).toBeVisible();
    await expect(
      page.getByText('Join ChairFill to find qualified dental professionals'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    await page.getByLabel('Practice Name').fill('Bright Smiles of Trenton');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Phone').fill('555-12');
    await page.getByLabel('Point of Contact').fill('Robin Hale');
    await page.getByLabel('Street Address').fill('40 State Street');
    await page.getByLabel('City').fill('Trenton');
    await page.getByLabel('State').fill('NJ');
    await page.getByLabel('ZIP Code').fill('08608');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abcd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Please enter a valid 10-digit phone number')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Email').fill(uniqueEmail('office'));
    await page.getByLabel('Phone').fill('(609) 555-0123');
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/practice-portal$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Admin Account')).toBeVisible();
    // Navbar and footer are hidden in the portal.
    await expect(page.getByRole('link', { name: 'Office Login' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('refuses an e-mail that already has an account', async ({ page, baseURL }) => {
    const existing = await createPracticeAccount(baseURL!);
    await page.goto('/dental-office-signup');
    await page.getByLabel('Practice Name').fill('Second Practice');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Phone').fill('2015550199');
    await page.getByLabel('Point of Contact').fill('Lee');
    await page.getByLabel('Street Address').fill('1 Main Street');
    await page.getByLabel('City').fill('Newark');
    await page.getByLabel('State').fill('NJ');
    await page.getByLabel('ZIP Code').fill('07102');
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
    await expect(page).toHaveURL(/\/dental-office-signup$/);
  });
});

const roles = [
  {
    card: 'Dental Hygienist',
    role: 'hygienist',
    title: 'Sign Up as Dental Hygienist',
    portal: '/hygienist-portal',
    roleTitle: 'Dental Hygienist',
  },
  {
    card: 'Dental Assistant',
    role: 'assistant',
    title: 'Sign Up as Dental Assistant',
    portal: '/dental-assistant',
    roleTitle: 'Dental Assistant',
  },
  {
    card: 'Front Desk',
    role: 'front-desk',
    title: 'Sign Up as Front Desk Professional',
    portal: '/front-desk-portal',
    roleTitle: 'Front Desk',
  },
] as const;

for (const r of roles) {
  test(`a ${r.role} signs up from the role chooser and lands in their own portal`, async ({
    page,
  }) => {
    await page.goto('/professional-signup');
    await expect(
      page.getByRole('heading', { name: 'Choose Your Professional Role' }),
    ).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`^${r.card}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/professional-signup/${r.role}$`));
    await expect(page.getByRole('heading', { name: r.title })).toBeVisible();

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('Please select your employment status')).toBeVisible();
    if (r.role === 'front-desk') await expect(page.getByLabel('License Number')).toHaveCount(0);
    else await expect(page.getByText('License number is required')).toBeVisible();

    await page.getByLabel('First Name').fill('Morgan');
    await page.getByLabel('Last Name').fill('Diaz');
    await page.getByLabel('Email').fill(uniqueEmail(r.role));
    await page.getByLabel('Phone').fill('973-555-0144');
    await page.getByLabel('ZIP Code').fill('07003');
    if (r.role !== 'front-desk') await page.getByLabel('License Number').fill('NJ-99881');
    if (r.role === 'assistant') await page.getByLabel('License Type').selectOption('EFDA');
    await page.getByLabel('Years of Experience').fill('6');
    await page.getByLabel('Employment Status').selectOption('seeking');
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(new RegExp(`${r.portal}$`));
    await expect(page.getByText('Hi, Morgan!')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Portal' }).getByText(r.roleTitle, { exact: true }),
    ).toBeVisible();
  });
}

test.describe('logins', () => {
  test('practice login: wrong password, unknown account, a professional account, then success', async ({
    page,
    baseURL,
  }) => {
    const practice = await createPracticeAccount(baseURL!);
    const hygienist = await createProfessionalAccount(baseURL!, 'hygienist');
    await signIn(page, '/practice-login', practice.email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, '/practice-login', uniqueEmail('nobody'), 'whatever1');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, '/practice-login', hygienist.email, hygienist.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Account not found. Please check your credentials.',
    );
    await signIn(page, '/practice-login', practice.email, practice.password);
    await expect(page).toHaveURL(/\/practice-portal$/);
  });

  test('professional login: wrong password, unknown account, a practice account, then routing by role', async ({
    page,
    baseURL,
  }) => {
    const practice = await createPracticeAccount(baseURL!);
    const assistant = await createProfessionalAccount(baseURL!, 'assistant');
    await signIn(page, '/professional-login', assistant.email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, '/professional-login', uniqueEmail('nobody'), 'whatever1');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, '/professional-login', practice.email, practice.password);
    await expect(page.getByRole('alert')).toHaveText(
      'Account not found. Please check your credentials.',
    );
    await signIn(page, '/professional-login', assistant.email, assistant.password);
    await expect(page).toHaveURL(/\/dental-assistant$/);
  });

  test('login fields are required', async ({ page }) => {
    await page.goto('/professional-login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);
  });

  test('/login links to both logins and to the password reset', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Dental Office Login' })).toHaveAttribute(
      'href',
      '/practice-login',
    );
    await expect(page.getByRole('link', { name: 'Professional Login' }).last()).toHaveAttribute(
      'href',
      '/professional-login',
    );
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
  });
});

test('password reset through the saved e-mail, then the new password works and the old one does not', async ({
  page,
  baseURL,
  request,
}) => {
  const hygienist = await createProfessionalAccount(baseURL!, 'hygienist');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('broken-address');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.getByLabel('Email').fill(hygienist.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Check your email for password reset instructions' }),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('');

  const mail = await readMail(request, hygienist.email);
  expect(mail.subject).toBe('Reset your ChairFill password');
  const link = mail.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm New Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

  await signIn(page, '/professional-login', hygienist.email, hygienist.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, '/professional-login', hygienist.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/hygienist-portal$/);
});

test('an unknown address gets the same answer and no e-mail', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Check your email for password reset instructions' }),
  ).toBeVisible();
});

test.describe('portal guards', () => {
  for (const [portal, login] of [
    ['/practice-portal', '/practice-login'],
    ['/hygienist-portal', '/professional-login'],
    ['/dental-assistant', '/professional-login'],
    ['/front-desk-portal', '/professional-login'],
  ] as const) {
    test(`signed-out visitors of ${portal} go to ${login}`, async ({ page }) => {
      await page.goto(portal);
      await expect(page).toHaveURL(new RegExp(`${login}$`));
    });
  }

  test('a signed-in user of the wrong kind is sent to their own portal, and sign out returns home', async ({
    page,
    baseURL,
  }) => {
    const frontDesk = await createProfessionalAccount(baseURL!, 'front-desk', {
      firstName: 'Quinn',
      lastName: 'Avery',
    });
    await signIn(page, '/professional-login', frontDesk.email, frontDesk.password);
    await expect(page).toHaveURL(/\/front-desk-portal$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Quinn Avery' })).toBeVisible();
    await page.goto('/practice-portal');
    await expect(page).toHaveURL(/\/front-desk-portal$/);
    await page.goto('/hygienist-portal');
    await expect(page).toHaveURL(/\/front-desk-portal$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/front-desk-portal');
    await expect(page).toHaveURL(/\/professional-login$/);
  });

  test('a practice visiting a professional portal is sent to the practice portal', async ({
    page,
    baseURL,
  }) => {
    const practice = await createPracticeAccount(baseURL!);
    await signIn(page, '/practice-login', practice.email, practice.password);
    await expect(page).toHaveURL(/\/practice-portal$/);
    await page.goto('/dental-assistant');
    await expect(page).toHaveURL(/\/practice-portal$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing out goes home even when the end of the session reaches the page before the answer', async ({
    page,
    baseURL,
  }) => {
    const frontDesk = await createProfessionalAccount(baseURL!, 'front-desk');
    await signIn(page, '/professional-login', frontDesk.email, frontDesk.password);
    await expect(page).toHaveURL(/\/front-desk-portal$/);
    await expect(page.locator('html[data-live-updates="on"]')).toBeAttached();
    // The server ends the session (and tells the page's live stream) at once; its answer is late.
    let signedOut = false;
    await page.route('**/api/auth/sign-out', async (route) => {
      const response = await route.fetch();
      signedOut = true;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => signedOut).toBe(true);
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/front-desk-portal$/);
    await expect(page).toHaveURL(/\/$/);
  });
});
