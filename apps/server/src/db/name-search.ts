import { ilike, or, type SQL } from 'drizzle-orm';
import { escapeLike } from './like-pattern.ts';
import { users } from './schema/people.ts';

/**
 * A search for people by name: each word of `keyword` must start their first or last name ("sam ha"
 * finds Samuel Hart). The provider directory and the case conference invitees search this way.
 */
export function namesStartWith(keyword: string | undefined): SQL[] {
  return (keyword ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => {
      const start = `${escapeLike(word)}%`;
      return or(ilike(users.first_name, start), ilike(users.last_name, start));
    })
    .filter((condition): condition is SQL => condition !== undefined);
}
