import { personName } from '@referrals/domain/people/person-name';
import type { DoctorEntry } from '@referrals/domain/directory/doctor-schemas';

/** How a contact is named in lists and headings. */
export function contactName(entry: Pick<DoctorEntry, 'title' | 'first_name' | 'last_name'>): string {
  return personName(entry);
}
