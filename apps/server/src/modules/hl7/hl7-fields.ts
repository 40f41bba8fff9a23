import { Hl7Context, Hl7Field, Hl7Segment } from '@medplum/core';

// HL7 v2 text as ER7 (pipes and hats) through @medplum/core's Hl7Message, which splits and joins on the
// separators but never escapes: a value is escaped here before it becomes a component and unescaped
// after it is read, so a name with ^, &, |, ~ or \ (or a line break) survives the round trip.

/** A leaf value: text, or nothing (an empty component). */
export type Hl7Text = string | null | undefined;
/** A component: its text, or its subcomponents. */
export type Hl7Component = Hl7Text | readonly Hl7Text[];
/** One occurrence of a field: its text (one component), or its components. */
export type Hl7Occurrence = Hl7Text | readonly Hl7Component[];

/** A field that repeats (PID-3's identifiers, PID-13's phone and email). */
export class Hl7Repeated {
  constructor(readonly occurrences: readonly Hl7Occurrence[]) {}
}

export type Hl7FieldValue = Hl7Occurrence | Hl7Repeated;

/** The separators every message we write uses, and HL7's recommended ones. */
export const ER7 = new Hl7Context();

/** The value with every separator, the escape character and line breaks written as escape sequences. */
export function escapeHl7(text: string, context: Hl7Context = ER7): string {
  const e = context.escapeCharacter;
  const sequences = new Map([
    [e, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
    ['\r', 'X0D'],
    ['\n', 'X0A'],
  ]);
  let escaped = '';
  for (const character of text) {
    const sequence = sequences.get(character);
    escaped += sequence === undefined ? character : `${e}${sequence}${e}`;
  }
  return escaped;
}

/** What one escape sequence stands for; undefined for one we do not know, which is then kept as it came. */
function sequenceText(sequence: string, context: Hl7Context): string | undefined {
  switch (sequence) {
    case 'F':
      return context.fieldSeparator;
    case 'S':
      return context.componentSeparator;
    case 'T':
      return context.subcomponentSeparator;
    case 'R':
      return context.repetitionSeparator;
    case 'E':
      return context.escapeCharacter;
    case '.br':
      return '\n';
    // Highlighting on and off (FT): the text stays, the emphasis goes.
    case 'H':
    case 'N':
      return '';
  }
  if (/^X(?:[0-9A-Fa-f]{2})+$/.test(sequence)) return Buffer.from(sequence.slice(1), 'hex').toString('utf8');
  return undefined;
}

/** A received value with its escape sequences resolved (HL7 v2.5 section 2.7). */
export function unescapeHl7(text: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  if (e === '' || !text.includes(e)) return text;
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf(e, at);
    const end = start === -1 ? -1 : text.indexOf(e, start + 1);
    if (end === -1) return plain + text.slice(at);
    plain += text.slice(at, start);
    plain += sequenceText(text.slice(start + 1, end), context) ?? text.slice(start, end + 1);
    at = end + 1;
  }
  return plain;
}

/** Drops the empty values at the end, so a field reads `Smith^John`, not `Smith^John^^^`. */
function withoutTrailingEmpty<T>(values: readonly T[], isEmpty: (value: T) => boolean): T[] {
  let length = values.length;
  while (length > 0 && isEmpty(values[length - 1] as T)) length--;
  return values.slice(0, length);
}

function componentText(component: Hl7Component, context: Hl7Context): string {
  if (typeof component === 'string') return escapeHl7(component, context);
  if (component === null || component === undefined) return '';
  const parts = component.map((part) => (part ? escapeHl7(part, context) : ''));
  return withoutTrailingEmpty(parts, (part) => part === '').join(context.subcomponentSeparator);
}

function occurrenceComponents(occurrence: Hl7Occurrence, context: Hl7Context): string[] {
  if (occurrence === null || occurrence === undefined) return [''];
  if (typeof occurrence === 'string') return [escapeHl7(occurrence, context)];
  const components = occurrence.map((component) => componentText(component, context));
  const kept = withoutTrailingEmpty(components, (component) => component === '');
  return kept.length === 0 ? [''] : kept;
}

/** A field of escaped values. */
export function hl7Field(value: Hl7FieldValue, context: Hl7Context = ER7): Hl7Field {
  const occurrences = value instanceof Hl7Repeated ? value.occurrences : [value];
  // An occurrence with nothing in it (a patient without an IHI) is left out rather than sent empty.
  const built = occurrences
    .map((occurrence) => occurrenceComponents(occurrence, context))
    .filter((components) => components.join('') !== '');
  return new Hl7Field(built.length === 0 ? [['']] : built, context);
}

const isEmptyField = (field: Hl7Field) => field.toString() === '';

/** A segment whose fields, from field 1 on, are `fields` (MSH has mshSegment). */
export function hl7Segment(name: string, fields: readonly Hl7FieldValue[], context = ER7): Hl7Segment {
  const built = withoutTrailingEmpty(
    fields.map((field) => hl7Field(field, context)),
    isEmptyField,
  );
  return new Hl7Segment([new Hl7Field([[name]], context), ...built], context);
}

/** The message header: MSH-1 and MSH-2 are the separators, `fields` start at MSH-3. */
export function mshSegment(fields: readonly Hl7FieldValue[], context = ER7): Hl7Segment {
  const built = withoutTrailingEmpty(
    fields.map((field) => hl7Field(field, context)),
    isEmptyField,
  );
  return new Hl7Segment(
    [new Hl7Field([['MSH']], context), new Hl7Field([[context.getMsh2()]], context), ...built],
    context,
  );
}

/**
 * A received value, unescaped and trimmed: field, component and subcomponent are numbered from 1 as HL7
 * names them (PID-5.1), repetition from 0. Absent is ''.
 */
export function hl7Text(
  segment: Hl7Segment | undefined,
  field: number,
  component = 1,
  subcomponent?: number,
  repetition = 0,
): string {
  const value = segment?.getField(field);
  if (!segment || !value || repetition >= value.components.length) return '';
  const raw = value.getComponent(
    component,
    subcomponent === undefined ? undefined : subcomponent - 1,
    repetition,
  );
  return unescapeHl7(raw, segment.context).trim();
}

/** How many times a received field occurs (0 when it is absent or empty). */
export function hl7Occurrences(segment: Hl7Segment | undefined, field: number): number {
  const value = segment?.getField(field);
  if (!value || value.toString() === '') return 0;
  return value.components.length;
}

/** A date (YYYY-MM-DD) as HL7's DT, YYYYMMDD. */
export function hl7Date(date: string | null | undefined): string | null {
  return date ? date.slice(0, 10).replaceAll('-', '') : null;
}

/** An instant as HL7's DTM to the second, in UTC with its offset said (+0000), so no reader guesses the zone. */
export function hl7Instant(instant: Date | string | null | undefined): string | null {
  if (!instant) return null;
  const iso = new Date(instant).toISOString();
  return `${iso.slice(0, 19).replace(/[-:T]/g, '')}+0000`;
}
