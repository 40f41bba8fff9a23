import type { FieldErrors } from '../../api.ts';
import {
  formFieldsOf,
  type FormData,
  type FormField,
  type FormTemplateBody,
} from './form-template-schemas.ts';

export const NOT_IN_FORM = 'This field is not in the form.';
export const NOT_A_CHOICE = 'Select a valid choice.';
export const NOT_A_NUMBER = 'A valid number is required.';
export const NOT_A_BOOLEAN = 'Must be a valid boolean.';
export const NOT_A_LIST = 'Expected a list of items.';

const optionValue = (option: NonNullable<FormField['options']>[number]) =>
  typeof option === 'string' ? option : option.value;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** The error for one field's value, or undefined when the value fits the field. */
function fieldError(field: FormField, value: unknown): string | undefined {
  if (isEmpty(value)) return undefined;
  if (field.type === 'number') {
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    return Number.isFinite(number) ? undefined : NOT_A_NUMBER;
  }
  if (field.type === 'array_object') {
    const ok = Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null);
    return ok ? undefined : NOT_A_LIST;
  }
  if (field.type === 'file') {
    // A file field's value lists its attachments' ids; the files themselves travel by upload.
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : NOT_A_LIST;
  }
  if ((field.type === 'checkbox' || field.type === 'switch') && !field.options?.length) {
    return typeof value === 'boolean' ? undefined : NOT_A_BOOLEAN;
  }
  if (field.options?.length) {
    const allowed = field.options.map((option) => String(optionValue(option)));
    const chosen = field.multiple || field.type === 'checkbox' ? value : [value];
    if (!Array.isArray(chosen)) return NOT_A_LIST;
    return chosen.every((item) => allowed.includes(String(item))) ? undefined : NOT_A_CHOICE;
  }
  return undefined;
}

/** Field errors for form data against its template: unknown fields, bad choices, numbers, lists (DRF shape). */
export function formDataErrors(template: FormTemplateBody, values: FormData): FieldErrors {
  const fields = new Map(formFieldsOf(template).map((entry) => [entry.field.name, entry.field]));
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fields.get(name);
    const error = field ? fieldError(field, value) : NOT_IN_FORM;
    if (error) errors[name] = [error];
  }
  return errors;
}
