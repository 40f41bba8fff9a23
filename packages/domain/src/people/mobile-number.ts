const MOBILE_PATTERN = /^(?:04|(?:\+61|0061|61)0?4)(\d{8})$/;

/**
 * The E.164 form (+614xxxxxxxx) of an Australian mobile number, or null for anything else, since a text
 * message reaches only a mobile (issue 25, SMS): 04 and 8 digits, or the same after +61, 0061 or 61 without
 * the 0 (a "(0)" kept after the country code is allowed); spaces, hyphens, dots and brackets are ignored.
 * Landlines (02, 03, 07, 08), 13/1300/1800 numbers and foreign numbers are null.
 */
export function australianMobileNumber(input: string | null | undefined): string | null {
  const digits = MOBILE_PATTERN.exec((input ?? '').replace(/[\s().-]/g, ''))?.[1];
  return digits === undefined ? null : `+614${digits}`;
}
