import { describe, expect, it } from 'vitest';
import {
  hourlyRateBounds,
  NJ_MINIMUM_WAGE_CENTS,
  rateBoundsMessage,
} from '../../src/shared/hourly-rate-bounds';
import { officeInformationSchema } from '../../src/shared/practice/office';
import {
  newShiftSchema,
  shiftPositions,
  shiftUpdateSchemaFor,
} from '../../src/shared/practice/shifts';
import { profileUpdateSchema } from '../../src/shared/professional/profile';

/**
 * The hourly rate bounds per position (src/shared/hourly-rate-bounds.ts) in every form that takes
 * a rate: the new shift and the shift edit (also checked over HTTP in practice-shifts.test.ts),
 * the practice's maximum rates and a professional's minimum rate.
 */

const newShift = (position: string, rate: unknown) =>
  newShiftSchema.safeParse({
    position,
    dates: ['2030-01-02'],
    startTime: '08:00',
    endTime: '16:00',
    rate,
    locationId: '8f14e45f-ceea-4e67-a2b4-5b6c1b8a3f10',
  });

describe('hourly rate bounds', () => {
  it('names each position and its bounds in dollars', () => {
    expect(rateBoundsMessage('Hygienist')).toBe(
      'Hygienist rates must be between $15.92 and $150.00 an hour.',
    );
    expect(rateBoundsMessage('Dental Assistant')).toBe(
      'Dental Assistant rates must be between $15.92 and $80.00 an hour.',
    );
    expect(rateBoundsMessage('Front Desk')).toBe(
      'Front Desk rates must be between $15.92 and $60.00 an hour.',
    );
  });

  it('starts every position at the New Jersey minimum wage of 2026', () => {
    expect(NJ_MINIMUM_WAGE_CENTS).toBe(1592);
    for (const position of shiftPositions) {
      expect(hourlyRateBounds[position].minCents).toBe(NJ_MINIMUM_WAGE_CENTS);
    }
  });

  it.each(shiftPositions)(
    '%s: a new shift and an edit take the bounds and nothing outside',
    (position) => {
      const { minCents, maxCents } = hourlyRateBounds[position];
      const dollars = (cents: number) => (cents / 100).toFixed(2);
      for (const cents of [minCents, maxCents]) {
        expect(newShift(position, dollars(cents)).success).toBe(true);
        expect(
          shiftUpdateSchemaFor(position).safeParse({
            startTime: '08:00',
            endTime: '16:00',
            rate: dollars(cents),
          }).success,
        ).toBe(true);
      }
      for (const rate of ['0', '0.00', dollars(minCents - 1), dollars(maxCents + 1), '1000']) {
        const created = newShift(position, rate);
        expect(created.success, rate).toBe(false);
        expect(created.error!.issues[0]).toMatchObject({
          path: ['rate'],
          message: rateBoundsMessage(position),
        });
        const edited = shiftUpdateSchemaFor(position).safeParse({
          startTime: '08:00',
          endTime: '16:00',
          rate,
        });
        expect(edited.success, rate).toBe(false);
        expect(edited.error!.issues[0]!.message).toBe(rateBoundsMessage(position));
      }
    },
  );

  it('bounds a professional’s minimum rate by the shifts their role works; empty clears it', () => {
    const cases = [
      ['hygienist', 'Hygienist'],
      ['assistant', 'Dental Assistant'],
      ['front-desk', 'Front Desk'],
    ] as const;
    for (const [role, position] of cases) {
      const schema = profileUpdateSchema(role);
      const { maxCents } = hourlyRateBounds[position];
      expect(schema.safeParse({ minimumRate: (maxCents / 100).toFixed(2) }).success).toBe(true);
      expect(schema.safeParse({ minimumRate: '' }).success).toBe(true);
      expect(schema.safeParse({ minimumRate: null }).success).toBe(true);
      for (const rate of ['0', '15.91', ((maxCents + 1) / 100).toFixed(2)]) {
        const result = schema.safeParse({ minimumRate: rate });
        expect(result.success, `${role} ${rate}`).toBe(false);
        expect(result.error!.issues[0]).toMatchObject({
          path: ['minimumRate'],
          message: rateBoundsMessage(position),
        });
      }
    }
  });

  it('bounds a practice’s maximum rate per position; empty leaves it unset', () => {
    const partial = officeInformationSchema.shape.maxRates;
    expect(
      partial.safeParse({ hygienist: '150', dentalAssistant: '', frontDesk: '60' }).success,
    ).toBe(true);
    const refused = partial.safeParse({
      hygienist: '5',
      dentalAssistant: '80.01',
      frontDesk: '61',
    });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['hygienist', rateBoundsMessage('Hygienist')],
      ['dentalAssistant', rateBoundsMessage('Dental Assistant')],
      ['frontDesk', rateBoundsMessage('Front Desk')],
    ]);
  });
});
