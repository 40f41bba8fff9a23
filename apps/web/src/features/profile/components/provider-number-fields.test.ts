import { describe, expect, it } from 'vitest';
import { withoutProviderNumber } from './provider-number-fields';

describe('removing a provider number', () => {
  const numbers = ['2426621B', '2940975J', '242662AF'];

  it('moves a removed default to the next remaining number', () => {
    expect(withoutProviderNumber(numbers, '2426621B', '2426621B')).toEqual({
      list: ['2940975J', '242662AF'],
      choice: '2940975J',
    });
    expect(withoutProviderNumber(numbers, '2940975J', '2940975J').choice).toBe('242662AF');
  });

  it('takes the one before when the last number was the default, and Please select when none is left', () => {
    expect(withoutProviderNumber(numbers, '242662AF', '242662AF').choice).toBe('2940975J');
    expect(withoutProviderNumber(['2426621B'], '2426621B', '2426621B')).toEqual({
      list: [],
      choice: 'EMPTY',
    });
  });

  it('keeps any other choice', () => {
    expect(withoutProviderNumber(numbers, '2940975J', '2426621B').choice).toBe('2426621B');
    expect(withoutProviderNumber(numbers, '2426621B', 'NOT_APPLICABLE').choice).toBe('NOT_APPLICABLE');
  });
});
