import { describe, expect, it } from 'vitest';
import {
  MedicationOrderDraftSchema,
  ORDER_NEEDS_MEDICATION_MESSAGE,
  ORDER_NOT_TAKEN_MESSAGE,
  medicationOrderCategories,
  medicationOrderErrors,
  type MedicationOrderDraft,
} from './medication-order.ts';

const insulin = { name: 'Insulin glargine', dose: '20 units', route: 'Subcutaneous', frequency: 'Nightly' };
const complete: MedicationOrderDraft = {
  category: 'medsupport_insulin',
  medications: [insulin],
  start_date: '2026-12-01',
  duration: '2 weeks',
  notes: null,
};

describe('medication-order categories (section 9)', () => {
  it('has the eleven codes in the spec’s order, with clinical labels', () => {
    expect(medicationOrderCategories.codes).toEqual([
      'cvad',
      'educ_support',
      'palliative_care',
      'enoxaparin_bridging',
      'hyperemesis',
      'iv_antimicrobials',
      'iv_zoledronic_acid',
      'medsupport_enoxaparin',
      'medsupport_insulin',
      'medsupport_other',
      'drain_care',
    ]);
    expect(medicationOrderCategories.coded('cvad')).toEqual({
      value: 'cvad',
      display: 'Central venous access device (CVAD) care',
    });
  });
});

describe('a draft’s medication order', () => {
  it('keeps a half-filled order, so the wizard can save as the sender types', () => {
    const half = { ...complete, category: null, medications: [{ ...insulin, dose: '' }], start_date: '' };
    expect(MedicationOrderDraftSchema.safeParse(half).success).toBe(true);
  });

  it('takes at most ten medications and refuses a code not in the list', () => {
    expect(
      MedicationOrderDraftSchema.safeParse({ ...complete, medications: Array(11).fill(insulin) }).success,
    ).toBe(false);
    expect(MedicationOrderDraftSchema.safeParse({ ...complete, category: 'chemo' }).success).toBe(false);
  });
});

describe('submit and the medication order (section 4: the digital medication-order page)', () => {
  it('needs a complete order when the receiver takes digital orders', () => {
    expect(medicationOrderErrors(complete, true)).toEqual({});
    expect(medicationOrderErrors(null, true)).toEqual({ medication_order: ['This field is required.'] });
    expect(
      medicationOrderErrors(
        { ...complete, category: null, medications: [insulin, { ...insulin, dose: ' ' }], start_date: '' },
        true,
      ),
    ).toEqual({
      medication_order: {
        category: ['This field is required.'],
        medications: [{}, { dose: ['This field is required.'] }],
        start_date: ['This field is required.'],
      },
    });
    expect(medicationOrderErrors({ ...complete, medications: [] }, true)).toEqual({
      medication_order: { medications: [ORDER_NEEDS_MEDICATION_MESSAGE] },
    });
  });

  it('refuses an order the receiver does not take, and asks nothing of one without it', () => {
    expect(medicationOrderErrors(null, false)).toEqual({});
    expect(medicationOrderErrors(complete, false)).toEqual({ medication_order: [ORDER_NOT_TAKEN_MESSAGE] });
  });
});
