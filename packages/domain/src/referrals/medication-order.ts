import { NUL_MESSAGE, REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { fieldErrorsFromIssues, type FieldErrors } from '../api.ts';
import { defineCodeList } from '../codes.ts';
import { BoundedDateSchema, DATE_MESSAGE, clearableDate } from '../date-bounds.ts';

/**
 * Medication-order categories of the organisation with digital ordering (spec section 9). The spec gives
 * only the codes; the displays are the clinical words a referrer reads them as.
 */
export const MEDICATION_ORDER_CATEGORIES = {
  cvad: 'Central venous access device (CVAD) care',
  educ_support: 'Education and support',
  palliative_care: 'Palliative care',
  enoxaparin_bridging: 'Enoxaparin bridging',
  hyperemesis: 'Hyperemesis',
  iv_antimicrobials: 'IV antimicrobials',
  iv_zoledronic_acid: 'IV zoledronic acid',
  medsupport_enoxaparin: 'Medication support: enoxaparin',
  medsupport_insulin: 'Medication support: insulin',
  medsupport_other: 'Medication support: other',
  drain_care: 'Drain care',
} as const;
export const medicationOrderCategories = defineCodeList(MEDICATION_ORDER_CATEGORIES);
export const MedicationOrderCategorySchema = medicationOrderCategories.schema;
export type MedicationOrderCategory = z.infer<typeof MedicationOrderCategorySchema>;

/** How many medicines one order may list. */
export const MAX_ORDER_MEDICATIONS = 10;

export const MEDICATION_FIELD_MAX = { name: 120, dose: 60, route: 60, frequency: 60 } as const;
export const ORDER_DURATION_MAX = 100;
export const ORDER_NOTES_MAX = 2000;

export const ORDER_NEEDS_MEDICATION_MESSAGE = 'Add at least one medication.';
export const ORDER_TOO_MANY_MEDICATIONS_MESSAGE = `List at most ${MAX_ORDER_MEDICATIONS} medications.`;
export const ORDER_NOT_TAKEN_MESSAGE =
  'This receiver does not take digital medication orders: remove the medication order.';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });
const required = (max: number) => text(max).trim().min(1, { message: REQUIRED_MESSAGE });

const medicationWith = (field: (max: number) => z.ZodType<string>) =>
  z.object({
    name: field(MEDICATION_FIELD_MAX.name),
    dose: field(MEDICATION_FIELD_MAX.dose),
    route: field(MEDICATION_FIELD_MAX.route),
    frequency: field(MEDICATION_FIELD_MAX.frequency),
  });

/**
 * A draft's medication order as PATCH referrals/{id}/ takes it: the wizard saves as the sender types, so a
 * half-filled order is kept (empty texts, no category yet); only lengths and the row limit apply. Submit
 * asks for it whole (MedicationOrderSchema).
 */
export const MedicationOrderDraftSchema = z.object({
  category: MedicationOrderCategorySchema.nullable(),
  medications: z
    .array(medicationWith(text))
    .max(MAX_ORDER_MEDICATIONS, { message: ORDER_TOO_MANY_MEDICATIONS_MESSAGE }),
  start_date: clearableDate(BoundedDateSchema, DATE_MESSAGE),
  duration: text(ORDER_DURATION_MAX).nullable(),
  notes: text(ORDER_NOTES_MAX).nullable(),
});
export type MedicationOrderDraft = z.infer<typeof MedicationOrderDraftSchema>;

/** A complete medication order: what submit requires when the receiver takes digital orders (section 4). */
export const MedicationOrderSchema = z.object({
  category: MedicationOrderCategorySchema.nullable().refine((value) => value !== null, REQUIRED_MESSAGE),
  medications: z
    .array(medicationWith(required))
    .min(1, { message: ORDER_NEEDS_MEDICATION_MESSAGE })
    .max(MAX_ORDER_MEDICATIONS, { message: ORDER_TOO_MANY_MEDICATIONS_MESSAGE }),
  start_date: z
    .union([z.literal(''), BoundedDateSchema])
    .nullable()
    .refine((value) => !!value, REQUIRED_MESSAGE),
  duration: text(ORDER_DURATION_MAX).nullable(),
  notes: text(ORDER_NOTES_MAX).nullable(),
});

/**
 * The submit rule of the digital medication-order page (spec section 4 Draft creation steps, section 9):
 * a receiver with digital ordering needs a complete order; one without refuses any order, which the
 * wizard clears when the receiver changes. Errors are nested under `medication_order`, like the body.
 */
export function medicationOrderErrors(
  order: MedicationOrderDraft | null,
  receiverHasDigitalOrdering: boolean,
): FieldErrors {
  if (!receiverHasDigitalOrdering) {
    return order === null ? {} : { medication_order: [ORDER_NOT_TAKEN_MESSAGE] };
  }
  if (order === null) return { medication_order: [REQUIRED_MESSAGE] };
  const checked = MedicationOrderSchema.safeParse(order);
  if (checked.success) return {};
  return fieldErrorsFromIssues(
    checked.error.issues.map((issue) => ({ ...issue, path: ['medication_order', ...issue.path] })),
  );
}
