import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  applySchema,
  cancelBookingSchema,
  practiceCancelSchema,
} from '../../src/shared/marketplace/bookings';
import { ratingSchema } from '../../src/shared/marketplace/ratings';
import { textMessages } from '../../src/shared/messages';
import { locationSchema } from '../../src/shared/practice/locations';
import { officeInformationSchema } from '../../src/shared/practice/office';
import { newShiftSchema } from '../../src/shared/practice/shifts';
import { profileUpdateSchema } from '../../src/shared/professional/profile';
import { verificationDecisionSchema } from '../../src/shared/screening';
import { practiceSignupSchema } from '../../src/shared/validation/practice-signup';
import { professionalSignupSchema } from '../../src/shared/validation/professional-signup';

/**
 * One-line fields (names, addresses, cities, license numbers…) refuse line breaks and every other
 * control character, which would otherwise become extra lines in e-mails and lists; multi-line
 * fields (notes, reasons, comments) keep line breaks and refuse the other control characters.
 */

const practiceSignup = {
  practiceName: 'Bayside Family Dentistry',
  email: 'front@bayside.example.com',
  phone: '(973) 555-0110',
  address: '45 Ocean Avenue',
  city: 'Long Branch',
  state: 'NJ',
  zipCode: '07740',
  password: 'harbor-pass-1',
  confirmPassword: 'harbor-pass-1',
  pointOfContact: 'Morgan Lee',
  acceptTerms: true,
};

const professionalSignup = {
  role: 'hygienist',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '732-555-0188',
  address: '12 Elm Street',
  city: 'New Brunswick',
  state: 'NJ',
  zipCode: '08901',
  licenseNumber: 'NJ-12345',
  yearsOfExperience: '5',
  employmentStatus: 'part-time',
  password: 'a-long-password-1',
  confirmPassword: 'a-long-password-1',
  acceptTerms: true,
};

const location = {
  name: 'Second Office',
  address: '5 Main Street',
  city: 'Newark',
  state: 'NJ',
  zipCode: '07102',
  phone: '(973) 555-0100',
  email: 'office@example.com',
  pointOfContact: 'Sam',
  dentalSoftware: 'Dentrix',
  operatoryCount: 4,
};

const office = {
  practiceName: 'Bayside Family Dentistry',
  address: '45 Ocean Avenue',
  city: 'Long Branch',
  state: 'NJ',
  zipCode: '07740',
  phone: '(973) 555-0110',
  email: 'front@bayside.example.com',
  businessOwner: 'Dr. Lee',
  pointOfContact: 'Morgan Lee',
  mobileNumber: '',
  dentalSoftware: {
    Dentrix: true,
    Eaglesoft: false,
    OpenDental: false,
    'Dentrix Ascend': false,
    Curve: false,
    'Practice Web': false,
    other: '',
  },
  maxRates: { hygienist: '', dentalAssistant: '', frontDesk: '' },
};

const oneLineFields: Array<[string, z.ZodType, Record<string, unknown>, string[]]> = [
  [
    'practice signup',
    practiceSignupSchema,
    practiceSignup,
    ['practiceName', 'address', 'city', 'state', 'pointOfContact'],
  ],
  [
    'professional signup',
    professionalSignupSchema,
    professionalSignup,
    ['firstName', 'lastName', 'address', 'city', 'state', 'licenseNumber'],
  ],
  [
    'location',
    locationSchema,
    location,
    ['name', 'address', 'city', 'state', 'pointOfContact', 'dentalSoftware'],
  ],
  [
    'office information',
    officeInformationSchema,
    office,
    ['practiceName', 'address', 'city', 'state', 'businessOwner', 'pointOfContact'],
  ],
  [
    'hygienist profile',
    profileUpdateSchema('hygienist'),
    { firstName: 'Jane' },
    ['firstName', 'lastName', 'homeAddress', 'licenseNumber'],
  ],
];

const breaks = [
  'Line one\nline two',
  'Carriage\rreturn',
  'Tab\there',
  'Escape\u001b[31m',
  'Next\u0085line',
  'Separator\u2028here',
  'Bell\u0007',
];

describe('one-line text fields', () => {
  for (const [form, schema, valid, fields] of oneLineFields) {
    it(`${form}: accepts the valid form`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
    });
    it.each(fields.flatMap((field) => breaks.map((text) => [field, text] as const)))(
      `${form}: refuses %s = %j with the one-line message`,
      (field, text) => {
        const result = schema.safeParse({ ...valid, [field]: text });
        expect(result.success).toBe(false);
        const issue = result.error!.issues.find((i) => i.path[0] === field);
        expect(issue?.message).toBe(textMessages.oneLine);
      },
    );
  }

  it('takes accented letters, apostrophes and hyphens, and trims surrounding line breaks', () => {
    const result = practiceSignupSchema.safeParse({
      ...practiceSignup,
      practiceName: "  O'Brien-Núñez Dentistry\n",
    });
    expect(result.success).toBe(true);
    expect(result.data!.practiceName).toBe("O'Brien-Núñez Dentistry");
  });

  it('also holds in the preferred locations and the "other" text of a flag group', () => {
    const schema = profileUpdateSchema('hygienist');
    for (const body of [
      { preferredLocations: ['Newark\nNJ'] },
      { specialty: { other: 'Perio\nImplants' } },
    ]) {
      const result = schema.safeParse(body);
      expect(result.success, JSON.stringify(body)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(textMessages.oneLine);
    }
  });
});

const multiLine: Array<[string, z.ZodType, (text: string) => unknown, (out: any) => string]> = [
  [
    'shift notes',
    newShiftSchema,
    (notes) => ({
      position: 'Hygienist',
      dates: ['2030-01-02'],
      startTime: '08:00',
      endTime: '16:00',
      rate: '55',
      locationId: '8f14e45f-ceea-4e67-a2b4-5b6c1b8a3f10',
      notes,
    }),
    (out) => out.notes,
  ],
  ['application note', applySchema, (note) => ({ note }), (out) => out.note],
  ['booking cancel reason', cancelBookingSchema, (reason) => ({ reason }), (out) => out.reason],
  ['practice cancel reason', practiceCancelSchema, (reason) => ({ reason }), (out) => out.reason],
  ['rating comment', ratingSchema, (comment) => ({ stars: 4, comment }), (out) => out.comment],
  [
    'screening reason',
    verificationDecisionSchema,
    (reason) => ({ decision: 'rejected', reason }),
    (out) => out.reason,
  ],
];

describe('multi-line text fields', () => {
  it.each(multiLine)('%s keeps its line breaks', (_name, schema, body, read) => {
    const text = 'First line.\nSecond line.\r\n\tIndented third.';
    const result = schema.safeParse(body(text));
    expect(result.success).toBe(true);
    expect(read(result.data)).toBe(text);
  });

  it.each(multiLine)('%s refuses other control characters', (_name, schema, body) => {
    for (const text of [
      'Escape\u001b[31m red',
      'Bell\u0007',
      'Next\u0085line',
      'Sep\u2028arator',
    ]) {
      const result = schema.safeParse(body(text));
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(textMessages.specialCharacters);
    }
  });
});
