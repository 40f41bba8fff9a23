import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import { AuStateSchema, establishmentTypes } from './establishment-codes.ts';

/** An establishment as lists and pickers show it (spec section 3, Establishment). */
export const EstablishmentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: establishmentTypes.codedSchema,
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: AuStateSchema,
  postcode: z.string().nullable(),
  phone1: z.string().nullable(),
  hospital: z.object({ id: z.string(), name: z.string() }).nullable(),
  accepts_join_requests: z.boolean(),
  accepts_in_app_referrals: z.boolean(),
});
export type EstablishmentSummary = z.infer<typeof EstablishmentSummarySchema>;

/** GET establishments/ filters (section 3, Establishment list filters); more arrive with the establishments feature. */
export const EstablishmentListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  type: establishmentTypes.schema.optional(),
  states: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',') : undefined))
    .pipe(z.array(AuStateSchema).optional()),
  accepts_join_requests: z.enum(['true', 'false']).optional(),
});
export type EstablishmentListQuery = z.infer<typeof EstablishmentListQuerySchema>;

export const EstablishmentPageSchema = pageOf(EstablishmentSummarySchema);

/** PUT profile/practices/: the practices chosen at registration step 2, primary first (section 2). */
export const PracticesChoiceSchema = z.object({
  practices: z
    .array(z.string())
    .max(2, { message: 'Choose at most two practices: a primary and a secondary.' }),
});
