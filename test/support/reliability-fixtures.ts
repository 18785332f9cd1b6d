import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { locations, professionals } from '../../src/server/db/schema';
import type { DatabaseTarget } from '../../src/server/db/client';
import { seedPractice, seedProfessional } from '../../src/server/db/seed/seed-accounts';
import type { ServiceContext } from '../../src/server/services/context';
import { createTestDatabase } from './test-database';
import { createClient, type ApiClient } from './test-server';

/** The database a reliability test runs on: PostgreSQL when DATABASE_URL is set, else PGlite. */
export interface EngineUnderTest {
  engine: 'pglite' | 'postgres';
  /** Where the server process keeps its files (and, with PGlite, its database in `db/`). */
  dataDir: string;
  /** How this test process opens the same database. */
  target: DatabaseTarget;
  /** DATABASE_URL for the server process (PostgreSQL only). */
  databaseUrl: string | undefined;
  /** Drops the database and removes the data directory. */
  remove(): Promise<void>;
}

export async function engineUnderTest(): Promise<EngineUnderTest> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chairfill-faults-'));
  const database = await createTestDatabase();
  const url = 'url' in database.target ? database.target.url : undefined;
  return {
    engine: database.engine,
    dataDir,
    target: url ? { url, poolSize: 4 } : { dataDir: path.join(dataDir, 'db') },
    databaseUrl: url,
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Credentials {
  email: string;
  password: string;
  userId: string;
}

export interface SeededCast {
  practice: Credentials & { practiceId: string; locationId: string };
  professionals: Array<Credentials & { professionalId: string }>;
}

/** One practice and `count` verified hygienists, made with the demo's seed functions. */
export async function seedCast(services: ServiceContext, count: number): Promise<SeededCast> {
  const practice = await seedPractice(services, { practiceName: 'Harbor Dental Care' });
  const [main] = await services.db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.practiceId, practice.practiceId));
  const pros: SeededCast['professionals'] = [];
  for (let i = 0; i < count; i += 1) {
    const pro = await seedProfessional(services, 'hygienist', {
      firstName: `Pro${i}`,
      lastName: 'Rivera',
    });
    await services.db
      .update(professionals)
      .set({ status: 'verified' })
      .where(eq(professionals.id, pro.professionalId));
    pros.push({
      email: pro.email,
      password: pro.password,
      userId: pro.userId,
      professionalId: pro.professionalId,
    });
  }
  return {
    practice: {
      email: practice.email,
      password: practice.password,
      userId: practice.userId,
      practiceId: practice.practiceId,
      locationId: main!.id,
    },
    professionals: pros,
  };
}

/** Signs in once through the login API (the login rate limit counts every sign-in). */
export async function signIn(
  baseUrl: string,
  who: Credentials,
  audience: 'practice' | 'professional',
): Promise<ApiClient> {
  const client = createClient(baseUrl);
  const res = await client.post('/api/login', {
    email: who.email,
    password: who.password,
    audience,
  });
  if (res.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(res.body)}`);
  return client;
}

/** A copy of a signed-in client for another server address (the same session cookie). */
export function sameSessionAt(baseUrl: string, from: ApiClient): ApiClient {
  const client = createClient(baseUrl);
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}

/** The body of a staffing request for `dates` (instant booking unless told otherwise). */
export function shiftRequest(
  locationId: string,
  dates: string[],
  notes: string,
  bookingMode: 'instant' | 'review' = 'instant',
) {
  return {
    position: 'Hygienist',
    dates,
    startTime: '08:00',
    endTime: '16:00',
    rate: '55.00',
    locationId,
    breakMinutes: 30,
    timePerPatient: 30,
    notes,
    bookingMode,
  };
}
