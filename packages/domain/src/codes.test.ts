import { describe, it, expect } from 'vitest';
import { defineCodeList } from './codes.ts';

const colours = defineCodeList({ RD: 'Red', GRN: 'Green' } as const);

describe('defineCodeList', () => {
  it('lists the codes in record order', () => {
    expect(colours.codes).toEqual(['RD', 'GRN']);
  });

  it('builds a zod enum that accepts only the codes', () => {
    expect(colours.schema.parse('RD')).toBe('RD');
    expect(colours.schema.safeParse('Red').success).toBe(false);
    expect(colours.schema.safeParse('rd').success).toBe(false);
  });

  it('gives the display text and the coded pair the API sends', () => {
    expect(colours.display('GRN')).toBe('Green');
    expect(colours.coded('RD')).toEqual({ value: 'RD', display: 'Red' });
  });

  it('validates coded values', () => {
    expect(colours.codedSchema.safeParse({ value: 'RD', display: 'Red' }).success).toBe(true);
    expect(colours.codedSchema.safeParse({ value: 'BLUE', display: 'Blue' }).success).toBe(false);
  });

  it('tells codes from other values, including inherited property names', () => {
    expect(colours.isCode('RD')).toBe(true);
    expect(colours.isCode('BLUE')).toBe(false);
    expect(colours.isCode('toString')).toBe(false);
    expect(colours.isCode(1)).toBe(false);
  });

  it('refuses an empty list', () => {
    expect(() => defineCodeList({})).toThrow('A code list needs at least one code');
  });
});
