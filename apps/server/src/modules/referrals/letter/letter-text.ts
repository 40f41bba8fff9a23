import { formatDate, type Instant } from '@referrals/domain/dates';
import { sexCodes } from '@referrals/domain/patients/patient-codes';

// The words a letter prints, worked out from its plain data: what to leave out when a value is missing,
// and how text is made safe for the PDF's fonts. No PDF drawing here.

/** The text of a value worth printing, trimmed, or undefined for null, undefined and blank ones. */
export function present(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** The present parts joined by `separator`; '' when none is. */
export function joinPresent(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts
    .map((part) => present(part))
    .filter((part) => part !== undefined)
    .join(separator);
}

export interface AddressParts {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
}

/** An Australian address as an envelope shows it: street lines, then "Newtown NSW 2042"; blanks left out. */
export function addressLines(address: AddressParts): string[] {
  const locality = joinPresent([address.city, address.state, address.postcode], ' ');
  return [present(address.address1), present(address.address2), present(locality)].filter(
    (line) => line !== undefined,
  );
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date as Australians read it ('2 Jan 1980') in the state's local time. A bare calendar date (a date of
 * birth, an expiry day) is read at noon UTC so that every Australian zone shows the same day.
 */
export function letterDate(value: Instant, state?: string | null): string {
  return formatDate(
    typeof value === 'string' && CALENDAR_DATE.test(value) ? `${value}T12:00:00Z` : value,
    state,
  );
}

/** A Medicare card number as the card prints it, '2123 45670 1'; anything else as given. */
export function medicareNumber(value: string): string {
  const digits = value.replace(/\s/g, '');
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 4)} ${digits.slice(4, 9)} ${digits.slice(9)}` : value;
}

/** The label of a patient's public insurance number: a DVA file number is not a Medicare number. */
export function insuranceLabel(type: string | null | undefined): string {
  if (type === 'DVA') return 'DVA number';
  if (type === 'OTHR') return 'Insurance number';
  return 'Medicare';
}

/**
 * A patient's gender as the patient form records it (section 3 Patient): the code's display, or the
 * patient's own words for non-binary (sex_nb_text) and other (custom_gender) when given.
 */
export function genderText(patient: {
  sex?: string | null;
  sex_nb_text?: string | null;
  custom_gender?: string | null;
}): string | undefined {
  const code = present(patient.sex);
  if (code === undefined) return undefined;
  if (code === 'N') return present(patient.sex_nb_text) ?? sexCodes.display('N');
  if (code === 'O') return present(patient.custom_gender) ?? sexCodes.display('O');
  return sexCodes.isCode(code) ? sexCodes.display(code) : code;
}

// The characters the PDF standard fonts can show: their encoding is WinAnsi (Windows-1252), Latin-1's
// printable characters and these 27 in 0x80-0x9F. (Node's 'windows-1252' TextDecoder reads that range as
// control characters, so the list is written out.)
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const WIN_ANSI = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...WIN_ANSI_EXTRAS,
]);
const COMBINING_MARKS = /\p{M}/gu;
// Letters with a stroke have no decomposition to take the accent off; these are the ones in names.
const STROKED: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/** Whether the standard fonts can print all of `text`. */
export function printsInWinAnsi(text: string): boolean {
  for (const char of text) if (!WIN_ANSI.has(char) && char !== '\n') return false;
  return true;
}

/**
 * Text as a standard font can print it. A character outside WinAnsi would come out as two wrong glyphs, so
 * a letter loses an accent the font lacks ('Nguyễn' prints 'Nguyen', 'Łukasz' 'Lukasz') and a character
 * with no Latin form prints '?'. The letter embeds no Unicode font, so this is how every such name prints.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (WIN_ANSI.has(char) || char === '\n') {
      out += char;
      continue;
    }
    const folded = STROKED[char] ?? char.normalize('NFKD').replace(COMBINING_MARKS, '');
    out += folded !== '' && [...folded].every((c) => WIN_ANSI.has(c)) ? folded : '?';
  }
  return out;
}

// Control and format characters but the line end: they print as boxes, or nothing, or break the font's
// encoding.
const UNPRINTABLE = /[\p{Cf}]|[^\P{Cc}\n]/gu;

/**
 * Text as the letter prints it: line ends made '\n', tabs made spaces, other control and format
 * characters dropped, and no run of more than one empty line.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(UNPRINTABLE, '')
    .replace(/[ \u00a0]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A piece of a line as the letter prints it (a run of rich text, which meets the next one mid-line):
 * control and format characters dropped as cleanText does, nothing trimmed.
 */
export function cleanRun(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(UNPRINTABLE, '');
}

/** "12 months" or "1 month". */
export function monthsText(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}
