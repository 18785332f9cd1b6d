import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { addDays, practiceDateOf } from '../src/shared/practice/shift-dates';
import { weekDays } from '../src/shared/professional/availability';
import { createPracticeAccount, createProfessionalAccount } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/fixtures';

/** New Jersey date `days` from today, and its weekday name. */
function njDate(days: number): { date: string; day: (typeof weekDays)[number] } {
  const date = addDays(practiceDateOf(new Date()), days);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { date, day: weekDays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]! };
}

async function signedInApi(baseURL: string, email: string, password: string, audience: string) {
  const api: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const login = await api.post('/api/login', { data: { email, password, audience } });
  expect(login.status()).toBe(200);
  return api;
}

test('a professional with a complete profile sees a matching shift with its reasons and widens the distance', async ({
  page,
  baseURL,
}) => {
  const shiftDay = njDate(2);
  // Unique, so shifts other specs post on the same server never count here.
  const practiceName = `Paramus Dental Studio ${Date.now().toString(36)}`;

  // A practice in Paramus (4.2 miles from Hackensack) with a second office in New Brunswick
  // (34.6 miles), one Hygienist shift at each.
  const practice = await createPracticeAccount(baseURL!, {
    practiceName,
    address: '10 Route 17',
    city: 'Paramus',
    zipCode: '07652',
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const locations = (await (await practiceApi.get('/api/practice/locations')).json()) as {
    locations: { id: string }[];
  };
  const far = await practiceApi.post('/api/practice/locations', {
    data: {
      name: 'New Brunswick Office',
      address: '5 George Street',
      city: 'New Brunswick',
      state: 'NJ',
      zipCode: '08901',
      phone: '(732) 555-0150',
      email: 'nb-office@example.com',
      pointOfContact: 'Robin',
      dentalSoftware: '',
      operatoryCount: 4,
    },
  });
  expect(far.status()).toBe(201);
  const farId = ((await far.json()) as { id: string }).id;
  for (const [locationId, rate] of [
    [locations.locations[0]!.id, '55.00'],
    [farId, '62.00'],
  ] as const) {
    const posted = await practiceApi.post('/api/practice/shifts', {
      data: {
        position: 'Hygienist',
        dates: [shiftDay.date],
        startTime: '08:00',
        endTime: '16:00',
        rate,
        locationId,
        breakMinutes: 30,
        timePerPatient: 30,
        notes: '',
      },
    });
    expect(posted.status()).toBe(201);
  }
  await practiceApi.dispose();

  // A hygienist living in Hackensack: 25 miles, at least $50.00/hr, free that weekday 7–6.
  const pro = await createProfessionalAccount(baseURL!, 'hygienist', {
    city: 'Hackensack',
    state: 'NJ',
    zipCode: '07601',
  });
  const proApi = await signedInApi(baseURL!, pro.email, pro.password, 'professional');
  const saved = await proApi.put('/api/professional/profile', {
    data: {
      homeZipCode: '07601',
      travelDistance: 25,
      minimumRate: '50.00',
      availability: [{ day: shiftDay.day, startTime: '07:00', endTime: '18:00' }],
    },
  });
  expect(saved.status()).toBe(200);
  await proApi.dispose();

  await page.goto('/professional-login');
  await page.getByLabel('Email', { exact: true }).fill(pro.email);
  await page.getByLabel('Password', { exact: true }).fill(pro.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/hygienist-portal$/);

  await page
    .getByRole('navigation', { name: 'Portal' })
    .getByRole('link', { name: 'Find Shifts' })
    .click();
  await expect(page).toHaveURL(/\/hygienist-portal\/find-shifts$/);
  await expect(page.getByRole('heading', { name: 'Find Shifts', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Matching shifts' });
  const items = list.getByRole('listitem').filter({ hasText: practiceName });
  await expect(items).toHaveCount(1);
  const near = items.first();
  await expect(near).toContainText(practiceName);
  await expect(near).toContainText('$55.00/hr');
  await expect(near).toContainText('8:00 AM – 4:00 PM');
  await expect(near.getByText('4.2 miles away (within your 25 miles)')).toBeVisible();
  await expect(near.getByText('$55.00/hr — $5.00 above your minimum')).toBeVisible();
  await expect(
    near.getByText(`Fits your ${shiftDay.day} 7:00 AM–6:00 PM availability`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Widen the distance: the New Brunswick shift appears, nearer one still first.
  await page.getByLabel('Distance', { exact: true }).selectOption({ label: 'Within 50 miles' });
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('4.2 miles away');
  await expect(items.nth(1)).toContainText('New Brunswick Office');
  await expect(items.nth(1).getByText('34.6 miles away (beyond your 25 miles)')).toBeVisible();
  await expect(items.nth(1).getByText('$62.00/hr — $12.00 above your minimum')).toBeVisible();

  // Only shifts paying less than the minimum are added by the checkbox: none here.
  await page.getByLabel('Show shifts below my minimum rate').check();
  await expect(items).toHaveCount(2);
});
