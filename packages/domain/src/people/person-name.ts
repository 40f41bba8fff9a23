import { titles } from './people-codes.ts';

/** A title as the API carries it: a code of ours ('DR'), a coded value ({ value, display }), or none. */
type Title = string | { display: string } | null | undefined;

function titleText(title: Title): string {
  if (title === null || title === undefined) return '';
  if (typeof title !== 'string') return title.display;
  return titles.isCode(title) ? titles.display(title) : title;
}

/**
 * A person's name as every screen, list and email shows it: the title's display, then the first and last
 * names, blanks left out ("Dr Karen O'Brien"; "Emily Watson" without a title).
 */
export function personName(person: { title?: Title; first_name: string; last_name: string }): string {
  return [titleText(person.title), person.first_name, person.last_name]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
