import { describe, expect, it } from 'vitest';
import {
  INTAKE_SENDER_DOMAINS_MAX,
  IntakeSenderDomainsSchema,
  SENDER_DOMAIN_MESSAGE,
  TOO_MANY_SENDER_DOMAINS_MESSAGE,
} from './intake-domains.ts';

describe('the sending domains an intake takes mail from', () => {
  it('keeps domain names lower-cased and trimmed, each once', () => {
    expect(
      IntakeSenderDomainsSchema.parse([
        ' Harbourside.COM.au ',
        'faxmail.example',
        'harbourside.com.au',
        'xn--bcher-kva.example',
      ]),
    ).toEqual(['harbourside.com.au', 'faxmail.example', 'xn--bcher-kva.example']);
    expect(IntakeSenderDomainsSchema.parse([])).toEqual([]);
  });

  it('refuses an address, a bare name, a wildcard or a URL, naming the entry', () => {
    for (const bad of [
      'reception@harbourside.com.au',
      'harbourside',
      '*.harbourside.com.au',
      'https://harbourside.com.au',
      '-bad-.example',
      'two words.example',
      '',
    ]) {
      const result = IntakeSenderDomainsSchema.safeParse(['faxmail.example', bad]);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues).toMatchObject([{ path: [1], message: SENDER_DOMAIN_MESSAGE }]);
    }
  });

  it(`takes at most ${String(INTAKE_SENDER_DOMAINS_MAX)}`, () => {
    const domains = Array.from(
      { length: INTAKE_SENDER_DOMAINS_MAX + 1 },
      (_, i) => `practice${String(i)}.example`,
    );
    expect(IntakeSenderDomainsSchema.safeParse(domains.slice(1)).success).toBe(true);
    expect(IntakeSenderDomainsSchema.safeParse(domains).error?.issues).toMatchObject([
      { path: [], message: TOO_MANY_SENDER_DOMAINS_MESSAGE },
    ]);
  });
});
