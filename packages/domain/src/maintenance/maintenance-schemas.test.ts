import { describe, expect, it } from 'vitest';
import {
  EXPECTED_END_MESSAGE,
  EXPECTED_END_PAST_MESSAGE,
  MAINTENANCE_MESSAGE_MAX,
  MaintenanceWriteSchema,
  expectedEndProblem,
} from './maintenance-schemas.ts';

const NOW = new Date('2026-12-01T06:00:00Z');

describe('MaintenanceWriteSchema', () => {
  it('takes a bare switch, clearing the note and the expected end', () => {
    expect(MaintenanceWriteSchema.parse({ maintenance: false })).toEqual({
      maintenance: false,
      message: null,
      expected_end: null,
    });
    expect(MaintenanceWriteSchema.parse({ maintenance: true, message: '  ', expected_end: '' })).toEqual({
      maintenance: true,
      message: null,
      expected_end: null,
    });
  });

  it('keeps a trimmed note and an instant with its offset', () => {
    const write = MaintenanceWriteSchema.parse({
      maintenance: true,
      message: ' Upgrading the database. ',
      expected_end: '2026-12-01T18:00:00+11:00',
      version: 3,
    });
    expect(write).toEqual({
      maintenance: true,
      message: 'Upgrading the database.',
      expected_end: '2026-12-01T18:00:00+11:00',
      version: 3,
    });
  });

  it('refuses a date without a time, a note too long and a switch that is not a boolean', () => {
    const dateOnly = MaintenanceWriteSchema.safeParse({ maintenance: true, expected_end: '2026-12-01' });
    expect(dateOnly.error?.issues[0]?.message).toBe(EXPECTED_END_MESSAGE);
    const long = MaintenanceWriteSchema.safeParse({
      maintenance: true,
      message: 'x'.repeat(MAINTENANCE_MESSAGE_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(MaintenanceWriteSchema.safeParse({ maintenance: 'on' }).success).toBe(false);
  });
});

describe('expectedEndProblem', () => {
  const write = (maintenance: boolean, expected_end: string | null) =>
    MaintenanceWriteSchema.parse({ maintenance, expected_end });

  it('wants the expected end of a maintenance switched on ahead of now', () => {
    expect(expectedEndProblem(write(true, '2026-12-01T16:00:00+11:00'), NOW)).toBe(EXPECTED_END_PAST_MESSAGE);
    expect(expectedEndProblem(write(true, '2026-12-01T18:00:00+00:00'), NOW)).toBeNull();
    expect(expectedEndProblem(write(true, null), NOW)).toBeNull();
  });

  it('does not mind what a switch off sends', () => {
    expect(expectedEndProblem(write(false, '2020-01-01T00:00:00Z'), NOW)).toBeNull();
  });
});
