import type { FieldErrors } from '@referrals/domain/api';
import { ApiError } from './api-error';

/**
 * A 400 body flattened to `path -> first message`, with dotted paths for nested fields
 * (`specialties.1.practice`), the names react-hook-form gives the same fields.
 */
export function flattenFieldErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (Array.isArray(value)) {
      const first = value[0];
      if (typeof first === 'string') {
        flat[path] = first;
        continue;
      }
      (value as FieldErrors[]).forEach((item, index) => {
        Object.assign(flat, flattenFieldErrors(item, `${path}.${index}`));
      });
    } else {
      Object.assign(flat, flattenFieldErrors(value, path));
    }
  }
  return flat;
}

/**
 * Splits a 400 body into messages for the given fields (and fields nested under them) and the rest, so a
 * form shows each message on its field and the others above its buttons (house-style.md, Web).
 */
export function splitFieldErrors(
  errors: FieldErrors,
  fields: readonly string[],
): { onFields: Record<string, string>; others: string[] } {
  const onFields: Record<string, string> = {};
  const others: string[] = [];
  for (const [path, message] of Object.entries(flattenFieldErrors(errors))) {
    if (fields.some((field) => path === field || path.startsWith(`${field}.`))) onFields[path] = message;
    else others.push(message);
  }
  return { onFields, others };
}

/** Whether a 400 body has a message on any of the fields (spec section 5 Profile save: relevant errors). */
export function hasErrorsOn(errors: FieldErrors, fields: readonly string[]): boolean {
  return Object.keys(splitFieldErrors(errors, fields).onFields).length > 0;
}

/**
 * The index of the first page of a multi-page form with a message on one of its fields, each page given by
 * the fields it shows; -1 when none has (spec section 5 Server field errors mapped per page).
 */
export function firstPageWithErrors(errors: FieldErrors, pages: readonly (readonly string[])[]): number {
  return pages.findIndex((fields) => fields.length > 0 && hasErrorsOn(errors, fields));
}

/**
 * A failed save shown on its form: a 400's messages on the fields that show them (`onField`), the rest
 * above the buttons (`onForm`), or for any other failure its detail, else `fallback`.
 */
export function showSaveError(
  error: unknown,
  options: {
    fields: readonly string[];
    onField: (path: string, message: string) => void;
    onForm: (message: string | null) => void;
    fallback: string;
  },
): void {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  if (fieldErrors === undefined) {
    options.onForm(error instanceof ApiError && error.detail !== undefined ? error.detail : options.fallback);
    return;
  }
  const { onFields, others } = splitFieldErrors(fieldErrors, options.fields);
  for (const [path, message] of Object.entries(onFields)) options.onField(path, message);
  options.onForm(others.length > 0 ? others.join(' ') : null);
}

/** The first thing the server said was wrong (a field's message, else its detail), or `fallback`. */
export function firstErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return Object.values(flattenFieldErrors(error.fieldErrors ?? {}))[0] ?? error.detail ?? fallback;
}
