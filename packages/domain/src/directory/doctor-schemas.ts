import { REQUIRED_MESSAGE } from '../field-messages.ts';
import { z } from 'zod';
import { PageQuerySchema, pageOf } from '../api.ts';
import { defineCodeList } from '../codes.ts';
import { AuStateSchema } from '../establishments/establishment-codes.ts';
import { POSTCODE_MESSAGE } from '../establishments/establishment-schemas.ts';
import { PROVIDER_NUMBER_MESSAGE, ProviderNumberSchema } from '../identifiers/medicare-provider-number.ts';
import { PROFESSION_ROLES, roles, titles } from '../people/people-codes.ts';
import { specialtyCodes } from '../people/specialty-codes.ts';
import { AustralianPhoneSchema } from '../profile/profile-schemas.ts';

/** The roles of a directory entry: GP, SP or HCP (section 3 Doctor directory entry). */
export const DIRECTORY_ROLES = {
  GP: PROFESSION_ROLES.GP,
  SP: PROFESSION_ROLES.SP,
  HCP: PROFESSION_ROLES.HCP,
} as const;
export const directoryRoles = defineCodeList(DIRECTORY_ROLES);
export const DirectoryRoleSchema = directoryRoles.schema;
export type DirectoryRole = z.infer<typeof DirectoryRoleSchema>;

export const EMAIL_MESSAGE = 'Enter a valid email address.';
export const SPECIALTY_MESSAGE = 'Choose a specialty from the list.';

/** PostgreSQL text cannot hold NUL: a NUL is the client's mistake (400), never a 500. */
const noNul = (value: string) => !value.includes('\0');
const NUL_MESSAGE = 'Null characters are not allowed.';

const requiredName = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { message: REQUIRED_MESSAGE })
  .max(100)
  .refine(noNul, { message: NUL_MESSAGE });

/** Optional text: '' and missing become null (section 5: empty strings become null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noNul, { message: NUL_MESSAGE })
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

/**
 * Provider numbers, each checked by the Medicare provider-number schema. A bad one is reported on the list
 * itself, naming the number, so the form's single list field can show it.
 */
const providerNumberList = z
  .array(z.string().max(20))
  .max(20)
  .default([])
  .transform((list, context) => {
    const numbers: string[] = [];
    const bad: string[] = [];
    for (const item of list) {
      if (item.trim() === '') continue;
      const parsed = ProviderNumberSchema.safeParse(item);
      if (parsed.success) {
        if (!numbers.includes(parsed.data)) numbers.push(parsed.data);
      } else bad.push(item.trim());
    }
    if (bad.length > 0) {
      context.addIssue({ code: 'custom', message: `${PROVIDER_NUMBER_MESSAGE} (${bad.join(', ')})` });
    }
    return numbers;
  });

/**
 * The body of POST doctors/invite/, PUT doctors/{id}/, POST and PUT directory/{est}/doctors/ (section 3
 * Doctor directory entry): names required, email and Australian phone checked, postcode 4 digits, each
 * provider number with its Medicare check character. State defaults to NSW.
 */
export const DoctorWriteSchema = z.object({
  title: emptyToNull(titles.schema),
  first_name: requiredName,
  last_name: requiredName,
  role: DirectoryRoleSchema,
  provider_type: emptyToNull(
    z.string().refine((value) => specialtyCodes.isCode(value), { message: SPECIALTY_MESSAGE }),
  ),
  provider_num_list: providerNumberList,
  practice_name: optionalText(200),
  department_name: optionalText(200),
  email: emptyToNull(z.email({ message: EMAIL_MESSAGE }).max(254)),
  phone1: emptyToNull(AustralianPhoneSchema),
  address1: optionalText(200),
  city: optionalText(100),
  state: AuStateSchema.default('NSW'),
  postcode: emptyToNull(
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, { message: POSTCODE_MESSAGE }),
  ),
});
export type DoctorWrite = z.infer<typeof DoctorWriteSchema>;
export type DoctorWriteInput = z.input<typeof DoctorWriteSchema>;

/** A doctor or other health professional in a directory, as the API answers it (section 3). */
export const DoctorEntrySchema = z.object({
  id: z.string(),
  /** The establishment whose own directory holds it; null in the shared directory (doctors/). */
  establishment: z.string().nullable(),
  title: titles.codedSchema.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  provider_type: specialtyCodes.codedSchema.nullable(),
  provider_num_list: z.array(z.string()),
  practice_name: z.string().nullable(),
  email: z.string().nullable(),
  phone1: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: AuStateSchema,
  postcode: z.string().nullable(),
  role: directoryRoles.codedSchema,
  department_name: z.string().nullable(),
  /** Whether the caller may change or delete it. */
  can_edit: z.boolean(),
});
export type DoctorEntry = z.infer<typeof DoctorEntrySchema>;
export const DoctorEntryPageSchema = pageOf(DoctorEntrySchema);

const keyword = z
  .string()
  .trim()
  .max(100)
  .refine(noNul, { message: NUL_MESSAGE })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * GET doctors/?page&establishment (section 7): the shared directory; with `establishment`, that
 * establishment's own directory is listed with it (the caller must work there). `keyword` matches the
 * start of a first or last name or the practice name; `role` narrows to GP, SP or HCP.
 */
export const DoctorListQuerySchema = PageQuerySchema.extend({
  establishment: z.uuid().optional(),
  keyword,
  role: DirectoryRoleSchema.optional(),
});
export type DoctorListQuery = z.infer<typeof DoctorListQuerySchema>;

/** GET directory/{est}/doctors/?page=&role= (section 7), with the same keyword as doctors/. */
export const DirectoryListQuerySchema = PageQuerySchema.extend({
  keyword,
  role: DirectoryRoleSchema.optional(),
});
export type DirectoryListQuery = z.infer<typeof DirectoryListQuerySchema>;

/** POST doctors/invite/?send_email: with send_email true and an email, an invitation is mailed. */
export const DoctorInviteQuerySchema = z.object({
  send_email: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

/** The provider roles the Providers list shows (section 2 /providers; section 6 Roles). */
export const PROVIDER_LIST_ROLES = ['GP', 'GPP', 'SP', 'SPT'] as const;
export const ProviderListRoleSchema = z.enum(PROVIDER_LIST_ROLES);

/** GET providers/?page&keyword&role: platform users who provide care, by name. */
export const ProviderListQuerySchema = PageQuerySchema.extend({
  keyword,
  role: ProviderListRoleSchema.optional(),
});
export type ProviderListQuery = z.infer<typeof ProviderListQuerySchema>;

/**
 * A platform user in the Providers list: who they are and where they practise. No email or phone: the list
 * is for finding someone to refer to, and contact goes through the app.
 */
export const ProviderSchema = z.object({
  id: z.string(),
  title: titles.codedSchema,
  first_name: z.string(),
  last_name: z.string(),
  role: roles.codedSchema,
  specialties: z.array(specialtyCodes.codedSchema),
  establishments: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Provider = z.infer<typeof ProviderSchema>;
export const ProviderPageSchema = pageOf(ProviderSchema);
