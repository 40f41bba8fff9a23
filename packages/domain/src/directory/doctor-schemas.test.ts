import { describe, expect, it } from 'vitest';
import { fieldErrorsFromIssues } from '../api.ts';
import {
  DoctorInviteQuerySchema,
  DoctorListQuerySchema,
  DoctorWriteSchema,
  EMAIL_MESSAGE,
  SPECIALTY_MESSAGE,
} from './doctor-schemas.ts';

const errorsOf = (input: unknown) => {
  const result = DoctorWriteSchema.safeParse(input);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues);
};

describe('a doctor directory entry (section 3 Doctor directory entry)', () => {
  it('needs first and last names and a role; state defaults to NSW and empty strings become null', () => {
    expect(errorsOf({ first_name: ' ', role: 'GP' })).toEqual({
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
    });
    const entry = DoctorWriteSchema.parse({
      first_name: ' Anna ',
      last_name: 'Lee',
      role: 'HCP',
      email: '',
      phone1: '',
      postcode: '',
      practice_name: '',
    });
    expect(entry).toMatchObject({
      first_name: 'Anna',
      state: 'NSW',
      email: null,
      phone1: null,
      postcode: null,
      practice_name: null,
      provider_num_list: [],
    });
  });

  it('checks email, Australian phone, 4-digit postcode, specialty and Medicare provider numbers', () => {
    const errors = errorsOf({
      first_name: 'Anna',
      last_name: 'Lee',
      role: 'SP',
      email: 'not-an-email',
      phone1: '12345',
      postcode: '200',
      provider_type: 'ASTROLOGY',
      provider_num_list: ['2426621B', '2940975Y'],
    });
    expect(errors).toEqual({
      email: [EMAIL_MESSAGE],
      phone1: ['Enter an Australian phone number, e.g. 0412 345 678.'],
      postcode: ['Enter a 4-digit Australian postcode.'],
      provider_type: [SPECIALTY_MESSAGE],
      // On the list, naming the bad number, so the form's one field can show it.
      provider_num_list: ['Enter a valid Medicare provider number, e.g. 2426621B. (2940975Y)'],
    });
  });

  it('normalises provider numbers and accepts a valid entry', () => {
    const entry = DoctorWriteSchema.parse({
      first_name: 'James',
      last_name: 'Chen',
      role: 'SP',
      provider_type: 'CARDIOLOGY',
      provider_num_list: [' 242 662 1b '],
      phone1: '(02) 9555 1234',
      postcode: '2000',
      state: 'VIC',
    });
    expect(entry.provider_num_list).toEqual(['2426621B']);
    expect(entry.state).toBe('VIC');
  });

  it('refuses a role outside GP, SP and HCP', () => {
    expect(errorsOf({ first_name: 'A', last_name: 'B', role: 'PT' })).toHaveProperty('role');
  });
});

describe('the directory queries', () => {
  it('reads send_email as a flag and rejects a bad establishment id', () => {
    expect(DoctorInviteQuerySchema.parse({ send_email: 'true' }).send_email).toBe(true);
    expect(DoctorInviteQuerySchema.parse({}).send_email).toBe(false);
    expect(DoctorListQuerySchema.safeParse({ establishment: 'nope' }).success).toBe(false);
    expect(DoctorListQuerySchema.parse({ keyword: '  ' }).keyword).toBeUndefined();
  });
});
