import { describe, expect, it } from 'vitest';
import { personName } from './person-name.ts';

describe('a person’s name as the app shows it', () => {
  it('puts the title’s display before the names, from a code or a coded value', () => {
    expect(personName({ title: 'DR', first_name: 'Karen', last_name: "O'Brien" })).toBe("Dr Karen O'Brien");
    expect(personName({ title: { display: 'Prof' }, first_name: 'Li', last_name: 'Wu' })).toBe('Prof Li Wu');
  });

  it('leaves out what is blank, and keeps a title that is not one of ours as written', () => {
    expect(personName({ title: null, first_name: 'Emily', last_name: 'Watson' })).toBe('Emily Watson');
    expect(personName({ title: '', first_name: ' Emily ', last_name: '' })).toBe('Emily');
    expect(personName({ title: 'Sister', first_name: 'Mary', last_name: 'Jones' })).toBe('Sister Mary Jones');
  });
});
