import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShiftDto } from '../../src/shared/practice/shifts';
import { demoAccounts, DEMO_PASSWORD, seedDemoData } from '../../src/server/db/seed/demo-data';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function newJerseyMonth(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
  }).format(instant);
}

describe('demo data', () => {
  it('posts future shifts for the demo practice this month and next, one of them cancelled', async () => {
    const started = new Date();
    expect(await seedDemoData(server.services)).toBe(true);
    const client = server.client();
    const login = await client.post('/api/login', {
      email: demoAccounts[0].email,
      password: DEMO_PASSWORD,
      audience: 'practice',
    });
    expect(login.status).toBe(200);
    const { shifts } = (await client.get<{ shifts: ShiftDto[] }>('/api/practice/shifts')).body;
    expect(shifts.length).toBeGreaterThanOrEqual(5);
    const thisMonth = newJerseyMonth(started);
    const nextMonth = newJerseyMonth(
      new Date(Date.parse(`${thisMonth}-15T12:00:00Z`) + 30 * 864e5),
    );
    for (const shift of shifts) {
      expect(Date.parse(shift.startTime)).toBeGreaterThan(started.getTime());
      expect([thisMonth, nextMonth]).toContain(newJerseyMonth(new Date(shift.startTime)));
      expect(shift.practiceName).toBe('Maple Grove Dental');
    }
    expect(new Set(shifts.map((s) => s.position))).toEqual(
      new Set(['Hygienist', 'Dental Assistant', 'Front Desk']),
    );
    expect(new Set(shifts.map((s) => s.location.name)).size).toBe(2);
    expect(shifts.filter((s) => s.status === 'cancelled')).toHaveLength(1);
    const dashboard = (await client.get('/api/practice/dashboard')).body;
    expect(dashboard.activeRequests).toBe(shifts.length - 1);
    expect(dashboard.upcomingShifts).toBe(shifts.length - 1);
    // Seeding again does nothing once accounts exist.
    expect(await seedDemoData(server.services)).toBe(false);
  });
});
