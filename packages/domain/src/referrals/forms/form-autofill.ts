import type { ClinicalMeasurements } from '../../clinical-record/clinical-record-schemas.ts';
import { calculateBmi } from '../../bmi.ts';
import {
  MENTAL_HEALTH_DOMAINS,
  mentalHealthServiceLevel,
  type MentalHealthRating,
} from '../../mental-health-level.ts';
import {
  formFieldsOf,
  type FormAutofillRule,
  type FormData,
  type FormTemplateBody,
} from './form-template-schemas.ts';

function rating(value: unknown): MentalHealthRating {
  return typeof value === 'number' || typeof value === 'string' ? value : undefined;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** One autofill value: the BMI helper's or the mental-health service-level helper's text (section 5). */
export function autofillValue(rule: FormAutofillRule, values: FormData): string {
  switch (rule.formula) {
    case 'bmi': {
      const weight = rating(values[rule.weight]);
      const height = rating(values[rule.height]);
      return calculateBmi(weight, height);
    }
    case 'iar': {
      const ratings = Object.fromEntries(
        MENTAL_HEALTH_DOMAINS.map((domain) => {
          const source = rule.ratings[domain];
          return [domain, source === undefined ? undefined : rating(values[source])];
        }),
      );
      try {
        const result = mentalHealthServiceLevel({ ageGroup: textOf(values[rule.age_group]), ratings });
        return result.complete ? result.label : result.message;
      } catch (error) {
        // The helper throws its own user-facing texts (a bad age group, unable to rate).
        return error instanceof Error ? error.message : String(error);
      }
    }
  }
}

/**
 * The values with every autofill field computed from the others (section 3 Autofill rules). Run before
 * clearing hidden fields, so a hidden autofill field still ends up null.
 */
export function applyFormAutofill(template: FormTemplateBody, values: FormData): FormData {
  const data: FormData = { ...values };
  for (const { field } of formFieldsOf(template)) {
    if (field.autofill) data[field.name] = autofillValue(field.autofill, data);
  }
  return data;
}

/**
 * The weight and height a clinical record gave (clinical-record-schemas.ts), for the BMI fields of a
 * template that are still empty: what the sender already typed is never replaced. Empty when there is
 * nothing to fill.
 */
export function measurementFormValues(
  template: FormTemplateBody,
  values: FormData,
  measurements: ClinicalMeasurements,
): FormData {
  const patch: FormData = {};
  const empty = (name: string) => values[name] === undefined || values[name] === null || values[name] === '';
  for (const { field } of formFieldsOf(template)) {
    if (field.autofill?.formula !== 'bmi') continue;
    const { weight, height } = field.autofill;
    if (measurements.weight_kg !== null && empty(weight)) patch[weight] = String(measurements.weight_kg);
    if (measurements.height_cm !== null && empty(height)) patch[height] = String(measurements.height_cm);
  }
  return patch;
}
