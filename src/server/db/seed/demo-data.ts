import { count } from 'drizzle-orm';
import type { ServiceContext } from '../../services/context';
import { user } from '../schema';
import { seedLocation, seedPractice, seedProfessional } from './seed-accounts';

export const DEMO_PASSWORD = 'chairfill-demo';

export const demoAccounts = [
  { label: 'Practice', email: 'practice@demo.chairfill.example.com', portal: '/practice-login' },
  {
    label: 'Hygienist',
    email: 'hygienist@demo.chairfill.example.com',
    portal: '/professional-login',
  },
  {
    label: 'Dental assistant',
    email: 'assistant@demo.chairfill.example.com',
    portal: '/professional-login',
  },
  {
    label: 'Front desk',
    email: 'frontdesk@demo.chairfill.example.com',
    portal: '/professional-login',
  },
] as const;

/** Creates the demo accounts when the database has no users yet. Returns true if it did. */
export async function seedDemoData(ctx: ServiceContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) > 0) return false;

  const practice = await seedPractice(ctx, {
    practiceName: 'Maple Grove Dental',
    email: demoAccounts[0].email,
    phone: '(973) 555-0100',
    address: '245 Bloomfield Avenue',
    city: 'Montclair',
    state: 'NJ',
    zipCode: '07042',
    pointOfContact: 'Morgan Lee',
    password: DEMO_PASSWORD,
  });
  await seedLocation(ctx, practice.practiceId, {
    name: 'Maple Grove Dental – Princeton',
    address: '30 Nassau Street',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08542',
    phone: '(609) 555-0130',
    email: 'princeton@demo.chairfill.example.com',
    pointOfContact: 'Sam Patel',
    dentalSoftware: 'Dentrix',
    operatoryCount: 5,
  });
  await seedProfessional(ctx, 'hygienist', {
    firstName: 'Avery',
    lastName: 'Collins',
    email: demoAccounts[1].email,
    zipCode: '07030',
    city: 'Hoboken',
    password: DEMO_PASSWORD,
  });
  await seedProfessional(ctx, 'assistant', {
    firstName: 'Jamie',
    lastName: 'Nguyen',
    email: demoAccounts[2].email,
    zipCode: '08540',
    city: 'Princeton',
    licenseType: 'RDA',
    password: DEMO_PASSWORD,
  });
  await seedProfessional(ctx, 'front-desk', {
    firstName: 'Riley',
    lastName: 'Morgan',
    email: demoAccounts[3].email,
    zipCode: '07102',
    city: 'Newark',
    password: DEMO_PASSWORD,
  });
  return true;
}
