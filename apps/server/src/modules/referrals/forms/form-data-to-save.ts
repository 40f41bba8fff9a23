import type { FieldErrors } from '@referrals/domain/api';
import { applyFormAutofill } from '@referrals/domain/referrals/forms/form-autofill';
import type { FormData, FormTemplate } from '@referrals/domain/referrals/forms/form-template-schemas';
import { formDataErrors } from '@referrals/domain/referrals/forms/form-validation';
import { clearHiddenFormData } from '@referrals/domain/referrals/forms/form-visibility';
import { validationFailed } from '../../../http/api-errors.ts';

export const UNKNOWN_FORM = 'This form is not one of the receiver’s.';

/**
 * One template's answers as a save keeps them (section 4 Hidden form data), for a referral's forms and a
 * portal draft's alike: the form is one of the receiver's active `templates` and its values fit its fields
 * (else a 400, its errors placed by `errorsAt` where the body sent them), autofill fields are computed and
 * hidden fields and switched-off sections cleared to null. Answers the data and the file fields it cleared,
 * whose files the caller deletes.
 */
export function formDataToSave(
  templates: FormTemplate[],
  body: { form: string; fields: FormData },
  errorsAt: (errors: FieldErrors) => FieldErrors = (errors) => errors,
): { data: FormData; clearedFileFields: string[] } {
  const template = templates.find((entry) => entry.name === body.form);
  if (!template) throw validationFailed(errorsAt({ form: [UNKNOWN_FORM] }));
  const errors = formDataErrors(template, body.fields);
  if (Object.keys(errors).length > 0) throw validationFailed(errorsAt(errors));
  return clearHiddenFormData(template, applyFormAutofill(template, body.fields));
}
