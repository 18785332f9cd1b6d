import { sql } from 'drizzle-orm';
import type { ShiftSummaryDto } from '@shared/marketplace/booking-replies';
import { shiftTimeColumns, shiftTimes } from '../db/shift-times';

/** The shift columns jobs read (alias `s`, practice alias `pr`), to build a ShiftSummaryDto. */
export const shiftSummaryColumns = sql`s.id as shift_id, s.position, ${shiftTimeColumns},
  s.rate_cents, s.booking_mode, s.pay_through, s.status as shift_status, s.location_name, s.location_address,
  s.location_city, s.location_zip_code, pr.practice_name`;

export interface ShiftSummaryRow {
  shift_id: string;
  position: ShiftSummaryDto['position'];
  starts_ms: number;
  ends_ms: number;
  rate_cents: number;
  booking_mode: ShiftSummaryDto['bookingMode'];
  pay_through: ShiftSummaryDto['payThrough'];
  shift_status: ShiftSummaryDto['status'];
  location_name: string;
  location_address: string;
  location_city: string;
  location_zip_code: string;
  practice_name: string;
}

export function toShiftSummary(row: ShiftSummaryRow): ShiftSummaryDto {
  return {
    id: row.shift_id,
    practiceName: row.practice_name,
    position: row.position,
    ...shiftTimes(row),
    rateCents: Number(row.rate_cents),
    bookingMode: row.booking_mode,
    payThrough: row.pay_through,
    status: row.shift_status,
    location: {
      name: row.location_name,
      address: row.location_address,
      city: row.location_city,
      zipCode: row.location_zip_code,
    },
  };
}
