import type {
  FormData,
  FormField,
  FormTemplate,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import { formFieldsOf } from '@referrals/domain/referrals/forms/form-template-schemas';
import { hiddenFormFields, switchedOffFormFields } from '@referrals/domain/referrals/forms/form-visibility';

export type FormAnswer = { name: string; title: string; value: string };
export type FormAnswerSection = { title: string; answers: FormAnswer[] };

function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !Array.isArray(value) || value.length > 0;
}

function optionLabel(field: FormField, value: unknown): string {
  for (const option of field.options ?? []) {
    if (typeof option === 'string' ? option === String(value) : String(option.value) === String(value)) {
      return typeof option === 'string' ? option : (option.label ?? String(option.value));
    }
  }
  return String(value);
}

function answerText(field: FormField, value: unknown): string {
  // File fields hold attachment ids; the files themselves are listed under Attachments.
  if (field.type === 'file') {
    const count = Array.isArray(value) ? value.length : 1;
    return count === 1 ? '1 file (under Attachments)' : `${count} files (under Attachments)`;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      return value.map((item) => optionLabel(field, item)).join(', ');
    }
    return value.length === 1 ? '1 entry' : `${value.length} entries`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return optionLabel(field, value);
}

/**
 * A template's answers as the page reads them: per section, the answered fields only. Fields whose
 * visibility condition is false and those of a switched-off section are left out, as the saved data has
 * them cleared to null anyway (spec section 4 Hidden form data); a section's switch itself is not an answer.
 */
export function formAnswerSections(template: FormTemplate, values: FormData): FormAnswerSection[] {
  const hidden = new Set([...hiddenFormFields(template, values), ...switchedOffFormFields(template, values)]);
  const entries = formFieldsOf(template);
  return template.sections
    .map((section, index) => ({
      title: section.title,
      answers: entries
        .filter(({ field, section: at }) => at === index && !hidden.has(field.name) && !field.is_switch)
        .filter(({ field }) => field.type !== 'label' && isAnswered(values[field.name]))
        .map(({ field }) => ({
          name: field.name,
          title: field.title ?? field.name,
          value: answerText(field, values[field.name]),
        })),
    }))
    .filter((section) => section.answers.length > 0);
}
