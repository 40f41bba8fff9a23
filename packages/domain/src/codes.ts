import { z } from 'zod';
import type { CodedValue } from './api.ts';

/** A code list built from an `as const` record of code -> display text. */
export type CodeList<K extends string> = {
  /** The codes in the record's order (the order pickers show them in). */
  readonly codes: readonly K[];
  /** Accepts exactly the codes of the list. */
  readonly schema: z.ZodEnum<{ [P in K]: P }>;
  /** Accepts `{value, display}` where value is one of the codes (section 3: coded fields). */
  readonly codedSchema: z.ZodObject<{ value: z.ZodEnum<{ [P in K]: P }>; display: z.ZodString }>;
  /** The display text of a code. */
  display(code: K): string;
  /** The `{value, display}` pair the API sends for a code. */
  coded(code: K): CodedValue & { value: K };
  /** True when the value is one of the codes. */
  isCode(value: unknown): value is K;
};

/** Builds the zod enum, display lookup and `{value, display}` helper for a code list (api-conventions.md: coded values). */
export function defineCodeList<const R extends Readonly<Record<string, string>>>(
  record: R,
): CodeList<Extract<keyof R, string>> {
  type K = Extract<keyof R, string>;
  const codes = Object.keys(record) as K[];
  if (codes.length === 0) throw new Error('A code list needs at least one code');
  const schema = z.enum(codes) as unknown as z.ZodEnum<{ [P in K]: P }>;
  const lookup: Readonly<Record<string, string>> = record;
  const display = (code: K): string => {
    const text = lookup[code];
    if (text === undefined) throw new Error(`Unknown code ${code}`);
    return text;
  };
  return {
    codes,
    schema,
    codedSchema: z.object({ value: schema, display: z.string() }),
    display,
    coded: (code) => ({ value: code, display: display(code) }),
    isCode: (value): value is K => typeof value === 'string' && Object.hasOwn(lookup, value),
  };
}

/** A code either bare or as the API's `{value, display}`; rules accept both so forms and the server share them. */
export type Code<C extends string> = C | CodedValue;

/** The bare code of a `Code`, or null. */
export function codeOf(value: Code<string> | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.value;
}
