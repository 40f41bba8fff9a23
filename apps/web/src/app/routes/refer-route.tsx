import { FormTemplateFields } from '@/features/referrals/forms/form-template-fields';
import { ReferAtHostPage, ReferPage } from '@/features/portals/pages/refer-page';
import type { TemplateFieldsSlot } from '@/features/portals/template-fields-slot';

// The portal shows the receiver's templates with the referral wizard's renderer, as the wizard does.
const templateFields: TemplateFieldsSlot = (props) => <FormTemplateFields {...props} />;

/** /refer/{slug}, the public referral portal. */
export function ReferRoute() {
  return <ReferPage templateFields={templateFields} />;
}

/** /refer at a health network's own web address: its portal. */
export function ReferAtHostRoute() {
  return <ReferAtHostPage templateFields={templateFields} />;
}
