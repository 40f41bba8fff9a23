import { describe, expect, it } from 'vitest';
import { offeredReceivers } from './referral-receivers.ts';

const place = (id: string, type: string, is_approved = true) => ({ id, is_approved, type: { value: type } });

describe('offeredReceivers (section 6 Rules)', () => {
  it('offers approved establishments of the chosen type other than the current one', () => {
    const list = [place('own', 'CL'), place('heart', 'CL'), place('new', 'CL', false), place('royal', 'HL')];
    expect(offeredReceivers(list, 'CL', 'own').map((p) => p.id)).toEqual(['heart']);
    expect(offeredReceivers(list, 'HL', 'own').map((p) => p.id)).toEqual(['royal']);
  });
});
