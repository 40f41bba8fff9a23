import { z } from 'zod';
import { NUL_MESSAGE } from './field-messages.ts';

/**
 * Free text of a write body, trimmed, at most `max` characters, without NUL (which PostgreSQL text cannot
 * hold, so it is the client's mistake: a 400).
 */
export const trimmedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\0]*$/, { message: NUL_MESSAGE });

/** The same, also null or left out: a field the sender need not fill in. */
export const optionalTrimmedText = (max: number) => trimmedText(max).nullable().optional();
