import type { DirectoryRole } from '@referrals/domain/directory/doctor-schemas';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import type { ReferrerRoleChoice } from '@referrals/domain/people/people-codes';
import type { Queryable } from '../../../db/database.ts';
import { validationFailed } from '../../../http/api-errors.ts';
import { getDoctor } from '../../directory/directory-doctors.ts';
import { sharedDirectoryWith } from '../../directory/directory-visibility.ts';
import type { Caller } from '../../tenancy/caller.ts';

export const DIRECTORY_DOCTOR_NOT_FOUND = 'Choose a doctor from the directory.';

/** A directory entry's role as a manual referrer's (section 3: GP, SP, or another provider). */
const REFERRER_ROLE_OF: Record<DirectoryRole, ReferrerRoleChoice> = { GP: 'GP', SP: 'SP', HCP: 'OTHER' };

/** Blank text as none, so a stored referrer never holds an empty string. */
const text = (value: string | null | undefined) => (value ? value : null);

/**
 * A MANUAL referral's referrer as it is kept (referrals.manual_referrer). A `directory_doctor` is read from
 * the directory the caller's establishment uses (the shared one and its own; any other entry is a 400 on
 * `referrer`) and its name, role, practice, provider number and contact details are copied, so the referral
 * keeps them if the entry changes later; what the entry lacks comes from the typed fields. The typed
 * provider number is kept when it is one of the entry's, else the entry's first.
 */
export async function manualReferrerOf(
  q: Queryable,
  options: { caller: Caller; establishmentId: string; typed: ManualReferrer },
): Promise<ManualReferrer> {
  const { typed } = options;
  const typedFields: ManualReferrer = {
    directory_doctor: null,
    title: typed.title ?? null,
    first_name: typed.first_name,
    last_name: typed.last_name,
    role: typed.role,
    practice_name: text(typed.practice_name),
    provider_number: text(typed.provider_number),
    email: text(typed.email),
    phone: text(typed.phone),
  };
  if (!typed.directory_doctor) return typedFields;
  const entry = await getDoctor(
    q,
    options.caller,
    typed.directory_doctor,
    sharedDirectoryWith(options.establishmentId),
  );
  if (!entry) throw validationFailed({ referrer: { directory_doctor: [DIRECTORY_DOCTOR_NOT_FOUND] } });
  const numbers = entry.provider_num_list;
  const typedNumber = typedFields.provider_number;
  return {
    ...typedFields,
    directory_doctor: entry.id,
    title: entry.title?.value ?? typedFields.title,
    first_name: entry.first_name,
    last_name: entry.last_name,
    role: REFERRER_ROLE_OF[entry.role.value],
    practice_name: entry.practice_name ?? typedFields.practice_name,
    provider_number: typedNumber && numbers.includes(typedNumber) ? typedNumber : (numbers[0] ?? typedNumber),
    email: entry.email ?? typedFields.email,
    phone: entry.phone1 ?? typedFields.phone,
  };
}
