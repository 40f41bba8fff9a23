import { describe, expect, it } from 'vitest';
import { launchQueryKind } from './launch-query.ts';

/** A query's parameter names, as the address bar's query has them. */
const kind = (query: string) => {
  const names = new Set(query.split('&').map((pair) => pair.split('=')[0]));
  return launchQueryKind({ has: (name) => names.has(name) });
};

describe('a clinical record system at /', () => {
  it('launches with iss, and returns with state and a code or an error, iss or not', () => {
    expect(kind('launch=abc&iss=https%3A%2F%2Fehr.example%2Ffhir')).toBe('launch');
    expect(kind('iss=https%3A%2F%2Fehr.example%2Ffhir')).toBe('launch');
    expect(kind('code=c&state=s')).toBe('return');
    expect(kind('code=c&state=s&iss=https%3A%2F%2Fehr.example%2Foauth')).toBe('return');
    expect(kind('error=access_denied&state=s')).toBe('return');
  });

  it('is neither without them', () => {
    expect(kind('')).toBeNull();
    expect(kind('code=c')).toBeNull();
    expect(kind('state=s')).toBeNull();
  });
});
