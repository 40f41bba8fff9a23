import type {
  FormData,
  FormField,
  FormTemplate,
} from '@referrals/domain/referrals/forms/form-template-schemas';
import type { ReactNode } from 'react';

/**
 * The referral wizard's form renderer, handed in by the app (a feature does not import another): the
 * receiver's template with its sections, visibility rules and every field type, as the wizard shows it.
 * File fields are drawn by the portal, which uploads them to its draft.
 */
export type TemplateFieldsSlot = (props: {
  template: FormTemplate;
  values: FormData;
  /** Messages of a 400, by field name. */
  errors: Record<string, string>;
  onChange: (name: string, value: unknown) => void;
  renderFile: (field: FormField, error: string | undefined) => ReactNode;
}) => ReactNode;
