import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import type { ApiClient, TestServer } from './test-server';

export interface SignedInPractice {
  client: ApiClient;
  practiceId: string;
  userId: string;
  email: string;
}

/** A new practice account (through the signup service) and a client signed in as it. */
export async function signedInPractice(
  server: TestServer,
  overrides: Parameters<typeof seedPractice>[1] = {},
  options: Parameters<typeof seedPractice>[2] = {},
): Promise<SignedInPractice> {
  const practice = await seedPractice(server.services, overrides, options);
  const client = server.client();
  const res = await client.post('/api/login', {
    email: practice.email,
    password: practice.password,
    audience: 'practice',
  });
  if (res.status !== 200) throw new Error(`practice sign-in failed: ${res.status}`);
  return {
    client,
    practiceId: practice.practiceId,
    userId: practice.userId,
    email: practice.email,
  };
}

/** A client signed in as a new hygienist (a professional account). */
export async function signedInProfessional(server: TestServer): Promise<ApiClient> {
  const pro = await seedProfessional(server.services, 'hygienist');
  const client = server.client();
  const res = await client.post('/api/login', {
    email: pro.email,
    password: pro.password,
    audience: 'professional',
  });
  if (res.status !== 200) throw new Error(`professional sign-in failed: ${res.status}`);
  return client;
}
