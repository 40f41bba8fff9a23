import { z } from 'zod';

/**
 * The dates a write body may carry (issue 11, section 4 "Impossible input is a 400"). A calendar-valid
 * date can still be impossible: PostgreSQL has no year 0, and nobody alive was born in 0001 or 9999. The
 * spec gives no bounds (section 5: "Exact bounds and messages are not shown"); ours are in
 * docs/date-bounds.md.
 */

/** The earliest date any field accepts: no patient, carer or user was born before it. */
export const EARLIEST_DATE = '1900-01-01';
/** The latest date any field accepts: far enough for card expiries and appointments, short of nonsense. */
export const LATEST_DATE = '2100-12-31';

export const DATE_MESSAGE = 'Enter a valid date (YYYY-MM-DD).';
export const DATE_RANGE_MESSAGE = 'Enter a date from 1 Jan 1900 to 31 Dec 2100.';
export const DOB_TOO_EARLY_MESSAGE = 'Enter a date of birth from 1 Jan 1900.';
export const DOB_IN_FUTURE_MESSAGE = 'The date of birth cannot be in the future.';
export const CARD_EXPIRY_MESSAGE = 'Enter the expiry as MM/YYYY, e.g. 08/2029.';
export const CARD_EXPIRY_RANGE_MESSAGE = 'Enter an expiry from 01/1900 to 12/2100.';

// Sydney's calendar day is the latest in Australia (east of Adelaide and Perth, and section 9 maps QLD,
// ACT, NSW, TAS and VIC to it), so a baby born today anywhere in Australia is never "in the future".
const sydneyDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Australia/Sydney',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (YYYY-MM-DD) in Australia, as the latest Australian calendar has it. */
export function todayInAustralia(now: Date = new Date()): string {
  const parts = sydneyDay.formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const ISO_DATE = z.iso.date();
const CARD_EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{4})$/;

// YYYY-MM-DD strings compare like the dates they name.
const isWithinRange = (date: string) => date >= EARLIEST_DATE && date <= LATEST_DATE;

/** What is wrong with a date of birth, if anything: from 1 Jan 1900 up to today in Australia. */
export function dateOfBirthProblem(date: string, now: Date = new Date()): string | undefined {
  if (!ISO_DATE.safeParse(date).success) return DATE_MESSAGE;
  if (date < EARLIEST_DATE) return DOB_TOO_EARLY_MESSAGE;
  if (date > todayInAustralia(now)) return DOB_IN_FUTURE_MESSAGE;
  return undefined;
}

/** What is wrong with any other date, if anything: from EARLIEST_DATE to LATEST_DATE. */
export function boundedDateProblem(date: string): string | undefined {
  if (!ISO_DATE.safeParse(date).success) return DATE_MESSAGE;
  return isWithinRange(date) ? undefined : DATE_RANGE_MESSAGE;
}

/** What is wrong with a card's expiry as printed (Medicare: MM/YYYY), if anything. */
export function cardExpiryProblem(expiry: string): string | undefined {
  const match = CARD_EXPIRY_PATTERN.exec(expiry);
  if (match === null) return CARD_EXPIRY_MESSAGE;
  return isWithinRange(`${match[2]}-${match[1]}-01`) ? undefined : CARD_EXPIRY_RANGE_MESSAGE;
}

// One check with one message: a field shows the one thing to fix, and inside a union with '' (a cleared
// field) zod reports this option's message rather than a generic "Invalid input".
function checkedString(problemOf: (value: string) => string | undefined, typeMessage: string) {
  return z.string({ error: typeMessage }).superRefine((value, context) => {
    const problem = problemOf(value);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  });
}

/** A date of birth (YYYY-MM-DD); "today" is read on every check, so a long-running server keeps up. */
export const DateOfBirthSchema = checkedString((date) => dateOfBirthProblem(date), DATE_MESSAGE);

/** Any other date (YYYY-MM-DD), e.g. an appointment: from EARLIEST_DATE to LATEST_DATE. */
export const BoundedDateSchema = checkedString(boundedDateProblem, DATE_MESSAGE);

/** A card's expiry as printed on it, MM/YYYY, its year from 1900 to 2100. */
export const CardExpirySchema = checkedString(cardExpiryProblem, CARD_EXPIRY_MESSAGE);

/** A date field of a write body that the form may clear: the schema, '' or null; `message` for non-strings. */
export function clearableDate<T extends z.ZodType<string, string>>(schema: T, message: string) {
  return z.union([z.literal(''), schema], { error: message }).nullable();
}
