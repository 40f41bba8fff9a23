import { describe, expect, it } from 'vitest';
import {
  addressLines,
  cleanText,
  genderText,
  medicareNumber,
  printsInWinAnsi,
  toWinAnsi,
} from './letter-text.ts';

describe('letter text', () => {
  it('writes an Australian address as an envelope does, leaving out blank parts', () => {
    expect(
      addressLines({
        address1: '17 Lyons Road',
        address2: ' ',
        city: 'Five Dock',
        state: 'NSW',
        postcode: '2046',
      }),
    ).toEqual(['17 Lyons Road', 'Five Dock NSW 2046']);
    expect(addressLines({ address1: null, city: null, state: 'VIC', postcode: undefined })).toEqual(['VIC']);
    expect(addressLines({})).toEqual([]);
  });

  it('groups a Medicare card number as the card prints it, and leaves any other number alone', () => {
    expect(medicareNumber('2953817461')).toBe('2953 81746 1');
    expect(medicareNumber('2953 81746 1')).toBe('2953 81746 1');
    expect(medicareNumber('NX123456')).toBe('NX123456');
  });

  it("shows a gender in the patient's own words when the form recorded them", () => {
    expect(genderText({ sex: 'F' })).toBe('Female');
    expect(genderText({ sex: 'N', sex_nb_text: 'Genderqueer' })).toBe('Genderqueer');
    expect(genderText({ sex: 'N', sex_nb_text: '' })).toBe('Non-binary');
    expect(genderText({ sex: 'O', custom_gender: 'Agender' })).toBe('Agender');
    expect(genderText({ sex: null })).toBeUndefined();
  });

  it('keeps what the standard fonts print, folds accents they lack, and marks the rest', () => {
    expect(toWinAnsi('Zoë O’Brien – “café” €5')).toBe('Zoë O’Brien – “café” €5');
    expect(toWinAnsi('Nguyễn Łukasz Đặng')).toBe('Nguyen Lukasz Dang');
    expect(toWinAnsi('李明')).toBe('??');
    expect(printsInWinAnsi('Zoë O’Brien')).toBe(true);
    expect(printsInWinAnsi('Nguyễn')).toBe(false);
  });

  it('tidies pasted text: line ends, tabs, control characters and runs of blank lines', () => {
    expect(cleanText('  First\r\nSecond\u0007\tthird  \n\n\n\nFourth\u200b  ')).toBe(
      'First\nSecond    third\n\nFourth',
    );
  });
});
