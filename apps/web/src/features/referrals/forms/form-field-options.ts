import type { FormField } from '@referrals/domain/referrals/forms/form-template-schemas';

/** A field's options as value and label: a template may list plain strings or {value, label}. */
export function optionsOf(field: Pick<FormField, 'options'>): { value: string; label: string }[] {
  return (field.options ?? []).map((option) =>
    typeof option === 'string'
      ? { value: option, label: option }
      : { value: String(option.value), label: option.label ?? String(option.value) },
  );
}

/** The label of a field: its title, else its name made readable. */
export function labelOf(field: Pick<FormField, 'name' | 'title'>): string {
  return field.title ?? field.name.replaceAll('_', ' ');
}
