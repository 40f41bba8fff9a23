import { z } from 'zod';
import { DEFAULT_MAX_FILES_PER_FIELD, UPLOAD_MAX_BYTES } from '../../constants.ts';

/** Field types a form template uses (section 3 Form template); others render as plain inputs. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'switch',
  'file',
  'array_object',
  'label',
  'calculated',
] as const;

export const FormFieldOptionSchema = z.union([
  z.string(),
  z.object({ value: z.union([z.string(), z.number(), z.boolean()]), label: z.string().optional() }),
]);

/** Shown only while another field's value satisfies the operator (section 5 Attachments). */
export const FormVisibilityRuleSchema = z.object({
  field: z.string().min(1),
  operator: z.enum(['equals', 'not-equals', 'includes']),
  value: z.unknown(),
});
export type FormVisibilityRule = z.infer<typeof FormVisibilityRuleSchema>;

/** A value computed from other fields on save (section 3: a BMI formula and an IAR formula). */
export const FormAutofillRuleSchema = z.discriminatedUnion('formula', [
  z.object({ formula: z.literal('bmi'), weight: z.string(), height: z.string() }),
  z.object({
    formula: z.literal('iar'),
    age_group: z.string(),
    /** The fields holding ratings D1 to D8. */
    ratings: z.object({
      D1: z.string().optional(),
      D2: z.string().optional(),
      D3: z.string().optional(),
      D4: z.string().optional(),
      D5: z.string().optional(),
      D6: z.string().optional(),
      D7: z.string().optional(),
      D8: z.string().optional(),
    }),
  }),
]);
export type FormAutofillRule = z.infer<typeof FormAutofillRuleSchema>;

const formFieldShape = {
  name: z.string().min(1),
  title: z.string().optional(),
  type: z.string().min(1),
  options: z.array(FormFieldOptionSchema).optional(),
  multiple: z.boolean().optional(),
  default: z.unknown().optional(),
  is_switch: z.boolean().optional(),
  visibility: FormVisibilityRuleSchema.optional(),
  autofill: FormAutofillRuleSchema.optional(),
  parent_field: z.string().optional(),
  value: z.unknown().optional(),
  /** File fields: how many files (default 1), which types (default DEFAULT_ATTACHMENT_ACCEPT), bytes. */
  max_files: z.number().int().min(1).optional(),
  accept: z.array(z.string()).optional(),
  maxsize: z.number().int().min(1).max(UPLOAD_MAX_BYTES).optional(),
};

/** A child field (one level of nesting; deeper trees link by parent_field, which keeps the schema finite). */
export const FormChildFieldSchema = z.object(formFieldShape);

/** A template field (section 3 Form template, Field). */
export const FormFieldSchema = z.object({
  ...formFieldShape,
  children: z.array(FormChildFieldSchema).optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormTabSchema = z.object({ title: z.string(), fields: z.array(FormFieldSchema) });

/**
 * A section of fields, or of tabs of fields. With `has_switch`, its field marked `is_switch` turns the
 * whole section on and off; switched off, the section's other fields are cleared (section 4 Hidden form data).
 */
export const FormSectionSchema = z.object({
  title: z.string(),
  has_switch: z.boolean().optional(),
  fields: z.array(FormFieldSchema).optional(),
  tabs: z.array(FormTabSchema).optional(),
});
export type FormSection = z.infer<typeof FormSectionSchema>;

/** A receiving establishment's form template as the API shows it (section 3 Form template). */
export const FormTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  tmsv: z.enum(['1.0', '1.1']),
  position: z.number().int(),
  sections: z.array(FormSectionSchema),
});
export type FormTemplate = z.infer<typeof FormTemplateSchema>;

/** The parts of a template the form rules read. */
export type FormTemplateBody = Pick<FormTemplate, 'sections'>;

export const FormTemplateListSchema = z.array(FormTemplateSchema);

/** Form data: field name to value. */
export type FormData = Record<string, unknown>;

/** PUT referrals/{id}/forms/: one template's data (section 7). */
export const ReferralFormWriteSchema = z.object({
  form: z.string().min(1),
  fields: z.record(z.string(), z.unknown()),
});
export type ReferralFormWrite = z.infer<typeof ReferralFormWriteSchema>;

export const ReferralFormsSchema = z.object({
  forms: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** How many files a file field takes (section 3: max_files, default 1). */
export function maxFilesOf(field: Pick<FormField, 'max_files'>): number {
  return field.max_files ?? DEFAULT_MAX_FILES_PER_FIELD;
}

/** The largest file a file field takes (section 3: maxsize, default 5242880 bytes). */
export function maxSizeOf(field: Pick<FormField, 'maxsize'>): number {
  return Math.min(field.maxsize ?? UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);
}

/** Every field of a template with the index of its section, children after their parent. */
export function formFieldsOf(template: FormTemplateBody): { field: FormField; section: number }[] {
  const out: { field: FormField; section: number }[] = [];
  const walk = (fields: readonly FormField[] | undefined, section: number) => {
    for (const field of fields ?? []) {
      out.push({ field, section });
      walk(field.children, section);
    }
  };
  template.sections.forEach((section, index) => {
    walk(section.fields, index);
    for (const tab of section.tabs ?? []) walk(tab.fields, index);
  });
  return out;
}

/** The named field of a template, or undefined. */
export function formFieldNamed(template: FormTemplateBody, name: string): FormField | undefined {
  return formFieldsOf(template).find((entry) => entry.field.name === name)?.field;
}
