import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CalendarFeedReply } from '../../src/shared/marketplace/notification-replies';
import { shifts } from '../../src/server/db/schema';
import {
  foldLine,
  escapeText,
  serializeCalendar,
} from '../../src/server/services/calendar-feed/icalendar';
import {
  book,
  matchingProfessional,
  postShift,
  signedInPractice,
} from '../support/notification-fixtures';
import { serverForFile } from '../support/marketplace-fixtures';
import { createClient, type TestServer } from '../support/test-server';

let server: TestServer;
serverForFile((started) => {
  server = started;
});

/** The feed as a calendar app fetches it: no cookies. */
async function fetchFeed(url: string) {
  const path = new URL(url).pathname;
  return createClient(server.url).get<string>(path);
}

/** Unfolds an iCalendar text into its content lines. */
function contentLines(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
}

function events(ics: string): Array<Record<string, string>> {
  const result: Array<Record<string, string>> = [];
  let current: Record<string, string> | null = null;
  for (const line of contentLines(ics)) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      result.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return result;
}

const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

describe('calendar feed links', () => {
  it('creates the link on first use, keeps it, and replacing it retires the old one', async () => {
    const pro = await matchingProfessional(server);
    const first = await pro.client.get<CalendarFeedReply>('/api/calendar-feed');
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(
      new RegExp(`^${server.services.env.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect((await pro.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url).toBe(
      first.body.url,
    );
    expect((await fetchFeed(first.body.url)).status).toBe(200);

    const replaced = await pro.client.post<CalendarFeedReply>('/api/calendar-feed/replace');
    expect(replaced.status).toBe(200);
    expect(replaced.body.url).not.toBe(first.body.url);
    expect((await fetchFeed(first.body.url)).status).toBe(404);
    expect((await fetchFeed(replaced.body.url)).status).toBe(200);
    expect((await pro.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url).toBe(
      replaced.body.url,
    );
  });

  it('gives each person their own link; signed out is 401; unknown tokens are 404', async () => {
    const a = await matchingProfessional(server);
    const b = await signedInPractice(server);
    const urlA = (await a.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url;
    const urlB = (await b.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url;
    expect(urlA).not.toBe(urlB);
    const anonymous = server.client();
    expect((await anonymous.get('/api/calendar-feed')).status).toBe(401);
    expect((await anonymous.post('/api/calendar-feed/replace')).status).toBe(401);
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      '/calendar/short.ics',
      `/calendar/${new URL(urlA).pathname.slice(10, -4)}`,
    ]) {
      expect((await anonymous.get(path)).status).toBe(404);
    }
  });
});

describe('feed content', () => {
  it("lists a professional's booked shifts, in UTC, with a stable UID", async () => {
    const practice = await signedInPractice(server, 'Feed Dental; Smiles, LLC');
    const pro = await matchingProfessional(server, { firstName: 'Casey', lastName: 'Ng' });
    const booked = await postShift(server, practice.practiceId, { daysAhead: 2 });
    await postShift(server, practice.practiceId, { daysAhead: 3 }); // not booked: not in the feed
    await book(pro, booked.id);
    const url = (await pro.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url;

    const res = await fetchFeed(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const ics = res.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    const list = events(ics);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      UID: `shift-${booked.id}@chairfill`,
      DTSTART: utc(booked.startTime),
      DTEND: utc(booked.endTime),
      SUMMARY: 'Hygienist shift at Feed Dental\\; Smiles\\, LLC',
      STATUS: 'CONFIRMED',
    });
    expect(list[0]!.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    // The same UID on the next fetch: calendars update the event instead of adding another.
    expect(events((await fetchFeed(url)).body)[0]!.UID).toBe(list[0]!.UID);
  });

  it("lists a practice's posted shifts (not cancelled) with who is booked or Open", async () => {
    const practice = await signedInPractice(server);
    const pro = await matchingProfessional(server, { firstName: 'Morgan', lastName: 'Diaz' });
    const bookedShift = await postShift(server, practice.practiceId, { daysAhead: 2 });
    const openShift = await postShift(server, practice.practiceId, { daysAhead: 3 });
    const cancelled = await postShift(server, practice.practiceId, { daysAhead: 4 });
    await server.services.db
      .update(shifts)
      .set({ status: 'cancelled' })
      .where(eq(shifts.id, cancelled.id));
    await book(pro, bookedShift.id);
    const url = (await practice.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url;
    const list = events((await fetchFeed(url)).body);
    expect(list.map((e) => [e.UID, e.SUMMARY])).toEqual([
      [`shift-${bookedShift.id}@chairfill`, 'Hygienist: Morgan Diaz'],
      [`shift-${openShift.id}@chairfill`, 'Hygienist: Open'],
    ]);
    expect(list[1]!.DTSTART).toBe(utc(openShift.startTime));
    // Another practice's feed does not show these shifts.
    const other = await signedInPractice(server);
    const otherUrl = (await other.client.get<CalendarFeedReply>('/api/calendar-feed')).body.url;
    expect(events((await fetchFeed(otherUrl)).body)).toEqual([]);
  });
});

describe('iCalendar writer', () => {
  it('escapes text and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    const ics = serializeCalendar({ name: 'x', description: 'y', events: [] });
    expect(ics).toContain('BEGIN:VCALENDAR\r\n');
  });
});
