/**
 * The messages of a 400 body (api-conventions.md) that every form and write function shares, whatever it
 * saves: one wording for the same mistake everywhere.
 */

/** A required field left empty (spec section 5: 'This field is required.'). */
export const REQUIRED_MESSAGE = 'This field is required.';
export const POSTCODE_MESSAGE = 'Enter a 4-digit Australian postcode.';
export const EMAIL_MESSAGE = 'Enter a valid email address.';
/** PostgreSQL text cannot hold NUL, so a NUL is the client's mistake (400), not a 500. */
export const NUL_MESSAGE = 'Null characters are not allowed.';
