import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorSet } from './error-set';

afterEach(() => errorSet.clear());

describe('errorSet', () => {
  it('holds named errors until cleared', () => {
    errorSet.set('referralStatus', { status: 404 });
    errorSet.set('newOtherHCP', { message: 'Receiver could not be created' });
    expect(errorSet.get()).toEqual({
      referralStatus: { status: 404 },
      newOtherHCP: { message: 'Receiver could not be created' },
    });
    errorSet.remove('newOtherHCP');
    expect(Object.keys(errorSet.get())).toEqual(['referralStatus']);
    errorSet.clear();
    expect(errorSet.get()).toEqual({});
  });

  it('notifies subscribers of changes, but not of clearing an empty set', () => {
    const listener = vi.fn();
    const unsubscribe = errorSet.subscribe(listener);
    errorSet.clear();
    expect(listener).not.toHaveBeenCalled();
    errorSet.set('patientStatus', { status: 404 });
    errorSet.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
