import { request, type APIRequestContext } from '@playwright/test';
import type { ProfessionalRole } from '../../src/shared/accounts';
import { uniqueEmail } from './fixtures';
import { adminApi, verifyPractice } from './marketplace';

export const E2E_PASSWORD = 'chairfill-e2e';

async function apiContext(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/**
 * Creates a practice through the signup API (not through the page), returning its credentials.
 * The admin verifies it (as the console's Verify does) unless `verified` is false: a practice
 * waiting for review reaches no professional.
 */
export async function createPracticeAccount(
  baseURL: string,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
) {
  const email = uniqueEmail('practice');
  const api = await apiContext(baseURL);
  const response = await api.post('/api/signup/practice', {
    data: {
      practiceName: 'Shoreline Family Dentistry',
      email,
      phone: '(732) 555-0101',
      address: '1 Ocean Avenue',
      city: 'Long Branch',
      state: 'NJ',
      zipCode: '07740',
      password: E2E_PASSWORD,
      confirmPassword: E2E_PASSWORD,
      pointOfContact: 'Casey Park',
      acceptTerms: true,
      ...overrides,
    },
  });
  if (response.status() !== 201)
    throw new Error(`practice signup failed: ${await response.text()}`);
  await api.dispose();
  if (verified) {
    const admin = await adminApi(baseURL);
    await verifyPractice(admin, email);
    await admin.dispose();
  }
  return { email, password: E2E_PASSWORD };
}

export async function createProfessionalAccount(
  baseURL: string,
  role: ProfessionalRole,
  overrides: Record<string, unknown> = {},
) {
  const email = uniqueEmail(role);
  const api = await apiContext(baseURL);
  const response = await api.post('/api/signup/professional', {
    data: {
      role,
      firstName: 'Taylor',
      lastName: 'Brooks',
      email,
      phone: '609-555-0177',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      licenseNumber: role === 'front-desk' ? '' : 'NJ-556677',
      licenseType: role === 'assistant' ? 'CDA' : '',
      yearsOfExperience: '4',
      employmentStatus: 'temp',
      password: E2E_PASSWORD,
      confirmPassword: E2E_PASSWORD,
      acceptTerms: true,
      ...overrides,
    },
  });
  if (response.status() !== 201)
    throw new Error(`professional signup failed: ${await response.text()}`);
  await api.dispose();
  return { email, password: E2E_PASSWORD };
}
