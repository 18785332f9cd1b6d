import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import {
  BOARD_AREA_DEGREES,
  boardAreaTag,
  boardAreaTags,
} from '../../src/server/services/matching/board-area';
import { haversineMiles } from '../../src/server/services/matching/eligibility-sql';
import { migratedDatabaseForFile } from '../support/migrated-database';

/**
 * A shift announces the area cell it stands in (migration 0034, `shift_board_area`); a board
 * follows the cells within its reach (board-area.ts). Both must draw the same cells, and a board
 * must follow every cell a shift it could list stands in (decision record 042).
 */

const opened = migratedDatabaseForFile();

/** One array parameter (an array in `sql` would be a list of parameters). */
const floats = (values: number[]) => sql`${`{${values.join(',')}}`}::float8[]`;

/** A deterministic spread of points over New Jersey and around it (no flaky randomness). */
function points(count: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < count; i += 1) out.push([38.5 + next() * 3.5, -76 + next() * 2.5]);
  // Cell edges exactly, and their neighbours.
  out.push([40.75, -74.25], [40.5, -74], [39, -75], [40.75 - 1e-12, -74.25 + 1e-12]);
  return out;
}

describe('board areas', () => {
  it('a shift in the database and a board in the server draw the same cells', async () => {
    const sample = points(300);
    const rows = await queryRows<{ tag: string }>(
      opened().db,
      sql`select shift_board_area('Hygienist', p.latitude, p.longitude) as tag
        from unnest(${floats(sample.map(([latitude]) => latitude))},
          ${floats(sample.map(([, longitude]) => longitude))}) with ordinality as p(latitude, longitude, n)
        order by p.n`,
    );
    expect(rows.map((row) => row.tag)).toEqual(
      sample.map(([latitude, longitude]) => boardAreaTag('Hygienist', latitude, longitude)),
    );
    const [unknown] = await queryRows<{ tag: string | null }>(
      opened().db,
      sql`select shift_board_area('Hygienist', null, null) as tag`,
    );
    expect(unknown!.tag).toBeNull();
    expect(BOARD_AREA_DEGREES).toBe(0.25);
  });

  it('a board follows the cell of every shift within its reach', async () => {
    const homes = points(12);
    for (const [index, [latitude, longitude]] of homes.entries()) {
      const radius = [5, 16, 25, 50, 100][index % 5]!;
      const followed = new Set(boardAreaTags('Dental Assistant', latitude, longitude, radius));
      // Points on a fine grid over twice the radius; those within it (as the board measures)
      // must stand in a followed cell.
      const span = (2 * radius) / 69;
      const grid: Array<[number, number]> = [];
      for (let i = -40; i <= 40; i += 1) {
        for (let j = -40; j <= 40; j += 1) {
          grid.push([latitude + (i / 40) * span, longitude + ((j / 40) * span) / 0.75]);
        }
      }
      const within = await queryRows<{ latitude: number; longitude: number }>(
        opened().db,
        sql`select g.latitude, g.longitude
          from unnest(${floats(grid.map(([a]) => a))}, ${floats(grid.map(([, b]) => b))})
            as g(latitude, longitude)
          where ${haversineMiles(sql`${latitude}::float8`, sql`${longitude}::float8`, sql`g.latitude`, sql`g.longitude`)} <= ${radius}`,
      );
      expect(within.length).toBeGreaterThan(100);
      const missed = within.filter(
        (point) => !followed.has(boardAreaTag('Dental Assistant', point.latitude, point.longitude)),
      );
      expect(missed, `home ${latitude}, ${longitude}, ${radius} miles`).toEqual([]);
      // And not the whole state: a 16-mile board follows a few cells, not every one.
      if (radius === 16) expect(followed.size).toBeLessThanOrEqual(16);
    }
  });
});
