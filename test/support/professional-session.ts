import type { ProfessionalRole } from '../../src/shared/accounts';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import type { ApiClient, TestServer } from './test-server';

export interface SignedIn {
  client: ApiClient;
  userId: string;
  email: string;
}

/** A new client signed in through the login API (throws if the sign-in is refused). */
export async function login(
  server: TestServer,
  email: string,
  password: string,
  audience: 'practice' | 'professional',
): Promise<ApiClient> {
  const client = server.client();
  const res = await client.post('/api/login', { email, password, audience });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return client;
}

/** A new professional of `role`, signed in through the login API. */
export async function signedInProfessional(
  server: TestServer,
  role: ProfessionalRole,
  overrides: Parameters<typeof seedProfessional>[2] = {},
): Promise<SignedIn> {
  const pro = await seedProfessional(server.services, role, overrides);
  const client = await login(server, pro.email, pro.password, 'professional');
  return { client, userId: pro.userId, email: pro.email };
}

/** A new practice, signed in. */
export async function signedInPractice(server: TestServer): Promise<SignedIn> {
  const practice = await seedPractice(server.services);
  const client = await login(server, practice.email, practice.password, 'practice');
  return { client, userId: practice.userId, email: practice.email };
}
