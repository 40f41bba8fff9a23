import { REQUIRED_MESSAGE } from '@referrals/domain/field-messages';
import { ProfileUpdateSchema, type Profile } from '@referrals/domain/profile/profile-schemas';
import { REGISTRATION_PAGES, professionalFieldsFor } from '../registration-pages';

/** The fields of registration page 1 and Settings, Medical registration (spec sections 2 and 5). */
export const PROFESSIONAL_FIELDS = REGISTRATION_PAGES[1].fields;

export const ProfessionalDetailsSchema = ProfileUpdateSchema.pick({
  role: true,
  sub_role: true,
  ahpra_num: true,
  provider_num_list: true,
  new_provider_num: true,
  default_provider_num: true,
  default_provider_num_type: true,
  qualification: true,
  profession: true,
  specialties: true,
}).superRefine((values, ctx) => {
  if (values.role === undefined) {
    ctx.addIssue({ code: 'custom', path: ['role'], message: REQUIRED_MESSAGE });
    return;
  }
  // The server asks for it when registration finishes (spec section 7: register); asking here saves a trip back.
  const shown = professionalFieldsFor(values.role, values.sub_role);
  if (shown.ahpraRequired && (values.ahpra_num == null || values.ahpra_num === '')) {
    ctx.addIssue({ code: 'custom', path: ['ahpra_num'], message: REQUIRED_MESSAGE });
  }
});

export type ProfessionalDetailsValues = (typeof ProfessionalDetailsSchema)['_input'];
export type ProfessionalDetailsOutput = (typeof ProfessionalDetailsSchema)['_output'];

export function professionalDefaults(profile: Profile): ProfessionalDetailsValues {
  return {
    role: profile.role?.value,
    sub_role: profile.sub_role ?? '',
    ahpra_num: profile.ahpra_num ?? '',
    provider_num_list: profile.provider_num_list,
    new_provider_num: '',
    default_provider_num: profile.default_provider_num ?? '',
    // Older records have a default number without a type; the number is the choice then.
    default_provider_num_type:
      profile.default_provider_num_type ??
      (profile.default_provider_num === null ? 'EMPTY' : 'PROVIDER_NUMBER'),
    qualification: profile.qualification ?? '',
    profession: profile.profession ?? '',
    specialties: profile.specialties.map((s) => ({
      id: s.id,
      priority: s.priority,
      practice: s.practice,
      field: s.field ?? '',
    })),
  };
}
