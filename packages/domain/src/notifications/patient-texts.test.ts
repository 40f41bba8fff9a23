import { describe, expect, it } from 'vitest';
import { PATIENT_TEXTS, type PatientTextFacts } from './patient-texts.ts';

const facts: PatientTextFacts = {
  receiver: 'Northside Cardiology',
  receiver_phone: '02 9876 5432',
  appointment_date: '2026-12-01T09:30:00+11:00',
  appointment_location: 'Suite 4, 12 Harbour St',
  show_appointment_details: true,
  receiver_state: 'NSW',
};

describe('text messages to the patient (issue 25, SMS)', () => {
  it('gives the booked time in the clinic’s time zone, the place and the number to call', () => {
    expect(PATIENT_TEXTS.schedule?.(facts)).toBe(
      'Northside Cardiology has booked your appointment: 1 Dec 2026, 9:30 am AEDT, at Suite 4, 12 Harbour St. To change it, call 02 9876 5432. Please do not reply to this text.',
    );
    expect(
      PATIENT_TEXTS.manual_schedule?.({ ...facts, receiver_state: 'WA', appointment_location: null }),
    ).toBe(
      'Northside Cardiology has booked your appointment: 1 Dec 2026, 6:30 am AWST. To change it, call 02 9876 5432. Please do not reply to this text.',
    );
    expect(PATIENT_TEXTS.reschedule?.({ ...facts, receiver_phone: null })).toBe(
      'Northside Cardiology has moved your appointment to 1 Dec 2026, 9:30 am AEDT, at Suite 4, 12 Harbour St. Please do not reply to this text.',
    );
  });

  it('says only that an appointment was booked or changed when the details are not to be shown', () => {
    const hidden = { ...facts, show_appointment_details: false };
    expect(PATIENT_TEXTS.schedule?.(hidden)).toBe(
      'Northside Cardiology has booked an appointment for you and will contact you with the details. Please do not reply to this text.',
    );
    expect(PATIENT_TEXTS.reschedule?.(hidden)).toBe(
      'Northside Cardiology has changed your appointment and will contact you with the details. Please do not reply to this text.',
    );
  });

  it('texts nothing for other transitions', () => {
    expect(PATIENT_TEXTS.submit).toBeUndefined();
    expect(PATIENT_TEXTS.accept).toBeUndefined();
  });

  it('stays within two plain (GSM) segments however long the names and places are', () => {
    const long = PATIENT_TEXTS.reschedule?.({
      ...facts,
      receiver: 'The Very Long Name of a Cardiology Department, Royal Eastern Hospital Sydney’s Campus',
      receiver_phone: '(02) 9876 5432 ext 1234 option 5',
      appointment_location: `Level 7 – “Heart Centre”, ${'Building '.repeat(40)}`,
    });
    expect(long?.length).toBeLessThanOrEqual(306);
    expect(long).toMatch(/^[\x20-\x7e]+$/);
    expect(long).toContain('Level 7 - "Heart Centre", Building');
    expect(long).toContain('...');
  });
});
