import type { ShiftPosition } from '@shared/practice/shifts';
import { MILES_PER_DEGREE } from './eligibility-sql';

/**
 * The side of an area cell in degrees of latitude and longitude (about 17 by 13 miles in New
 * Jersey). A change to a shift announces its position's cell, 'area:<position>:<row>:<column>'
 * (migration 0034, `shift_board_area`, which spells this size out and must agree with it:
 * test/api/board-area.test.ts), instead of its whole position: a board is computed again when a
 * shift changes within its reach, not anywhere in the state (decision record 042).
 */
export const BOARD_AREA_DEGREES = 0.25;

/** Rounding slack, so a box that ends on a cell's edge still counts that cell. */
const EDGE_DEGREES = 1e-9;

function cell(degrees: number): number {
  return Math.floor(degrees / BOARD_AREA_DEGREES);
}

function areaTag(position: ShiftPosition, row: number, column: number): string {
  return `area:${position}:${row}:${column}`;
}

/** The announcement of the cell a shift at this point belongs to (as `shift_board_area`). */
export function boardAreaTag(position: ShiftPosition, latitude: number, longitude: number): string {
  return areaTag(position, cell(latitude), cell(longitude));
}

/**
 * The announcements of every cell a board of `position` around (`latitude`, `longitude`) reaches
 * within `radiusMiles`: each cell meeting its bounding box (the same box as the board's query,
 * eligibility-sql.ts `withinBoundingBox`, which contains the circle).
 */
export function boardAreaTags(
  position: ShiftPosition,
  latitude: number,
  longitude: number,
  radiusMiles: number,
): string[] {
  const latitudeSpan = radiusMiles / MILES_PER_DEGREE + EDGE_DEGREES;
  const longitudeSpan =
    radiusMiles / (MILES_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01)) +
    EDGE_DEGREES;
  const tags: string[] = [];
  for (let row = cell(latitude - latitudeSpan); row <= cell(latitude + latitudeSpan); row += 1) {
    for (
      let column = cell(longitude - longitudeSpan);
      column <= cell(longitude + longitudeSpan);
      column += 1
    ) {
      tags.push(areaTag(position, row, column));
    }
  }
  return tags;
}
