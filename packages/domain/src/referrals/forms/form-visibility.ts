import {
  formFieldsOf,
  type FormData,
  type FormField,
  type FormTemplateBody,
  type FormVisibilityRule,
} from './form-template-schemas.ts';

/** A field that is always shown whatever its rule says (section 5 Attachments). */
export const ALWAYS_VISIBLE_FIELD = 'settings__show_hidden_fields';

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Form values arrive as strings or numbers ("2" from a select, 2 from a number field).
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  return scalar(a) && scalar(b) && String(a) === String(b);
}

/** Whether `rule` holds for the form's values: equals, not-equals, includes (section 5 Attachments). */
export function visibilityRuleHolds(rule: FormVisibilityRule, values: FormData): boolean {
  const actual = values[rule.field];
  switch (rule.operator) {
    case 'equals':
      return sameValue(actual, rule.value);
    case 'not-equals':
      return !sameValue(actual, rule.value);
    case 'includes':
      if (Array.isArray(actual)) return actual.some((item) => sameValue(item, rule.value));
      return typeof actual === 'string' && typeof rule.value === 'string' && actual.includes(rule.value);
  }
}

/**
 * The names of the fields whose visibility condition is false for `values` (section 4 Hidden form data).
 * A child is hidden with its parent; 'settings__show_hidden_fields' is always visible. A rule on a hidden
 * field reads it as cleared (null), so hiding cascades until nothing changes.
 */
export function hiddenFormFields(template: FormTemplateBody, values: FormData): Set<string> {
  let hidden = new Set<string>();
  // Each round can only hide more fields, so the number of fields bounds the rounds.
  for (let round = 0; round <= formFieldsOf(template).length; round++) {
    const cleared: FormData = { ...values };
    for (const name of hidden) cleared[name] = null;
    const next = hiddenOnce(template, cleared);
    if (next.size === hidden.size) return next;
    hidden = next;
  }
  return hidden;
}

function hiddenOnce(template: FormTemplateBody, values: FormData): Set<string> {
  const hidden = new Set<string>();
  const walk = (fields: readonly FormField[] | undefined, parentHidden: boolean) => {
    for (const field of fields ?? []) {
      const own = field.visibility ? !visibilityRuleHolds(field.visibility, values) : false;
      const isHidden = field.name !== ALWAYS_VISIBLE_FIELD && (parentHidden || own);
      if (isHidden) hidden.add(field.name);
      walk(field.children, isHidden);
    }
  };
  for (const section of template.sections) {
    walk(section.fields, false);
    for (const tab of section.tabs ?? []) walk(tab.fields, false);
  }
  // parent_field links a field to its parent by name when it is not nested under it.
  for (const { field } of formFieldsOf(template)) {
    if (field.parent_field && hidden.has(field.parent_field) && field.name !== ALWAYS_VISIBLE_FIELD) {
      hidden.add(field.name);
    }
  }
  return hidden;
}

/** The names of the fields in sections whose switch is off (section 4: a switched-off section clears). */
export function switchedOffFormFields(template: FormTemplateBody, values: FormData): Set<string> {
  const off = new Set<string>();
  const entries = formFieldsOf(template);
  template.sections.forEach((section, index) => {
    if (!section.has_switch) return;
    const inSection = entries.filter((entry) => entry.section === index).map((entry) => entry.field);
    const switchField = inSection.find((field) => field.is_switch);
    if (!switchField || isOn(values[switchField.name])) return;
    for (const field of inSection) if (field !== switchField) off.add(field.name);
  });
  return off;
}

function isOn(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1' || value === 'on';
}

/**
 * The values to save: hidden fields and the fields of switched-off sections cleared to null, and the
 * file fields so cleared, whose files must go too (section 4 Hidden form data).
 */
export function clearHiddenFormData(
  template: FormTemplateBody,
  values: FormData,
): { data: FormData; clearedFileFields: string[] } {
  const cleared = new Set([
    ...hiddenFormFields(template, values),
    ...switchedOffFormFields(template, values),
  ]);
  const data: FormData = { ...values };
  const clearedFileFields: string[] = [];
  for (const { field } of formFieldsOf(template)) {
    if (!cleared.has(field.name)) continue;
    data[field.name] = null;
    if (field.type === 'file') clearedFileFields.push(field.name);
  }
  return { data, clearedFileFields };
}
