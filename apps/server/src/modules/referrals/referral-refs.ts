import { personName } from '@referrals/domain/people/person-name';

type PersonColumns = { id: string; title: string | null; first_name: string; last_name: string };

/** A person as a referral's answers name them: id and display name, or null when not set. */
export function personRef(person: PersonColumns | null) {
  return person ? { id: person.id, name: personName({ ...person, title: person.title }) } : null;
}
