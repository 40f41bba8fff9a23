import { describe, expect, it } from 'vitest';
import { BUILT_IN_CLIENT_ID, RuntimeConfigSchema, builtInAuthConfig } from './runtime-config.ts';

describe('runtime configuration', () => {
  it('places the built-in provider under /auth with the API as audience', () => {
    expect(builtInAuthConfig('https://referrals.example')).toEqual({
      issuer: 'https://referrals.example/auth',
      client_id: BUILT_IN_CLIENT_ID,
      audience: 'https://referrals.example/api',
      external: false,
    });
    expect(builtInAuthConfig('http://localhost:3000/').issuer).toBe('http://localhost:3000/auth');
  });

  it('requires the sign-in provider', () => {
    const base = { flags: {}, support_email: 'help@clinic.example', version: '26.3.0' };
    expect(RuntimeConfigSchema.safeParse(base).success).toBe(false);
    const external = {
      issuer: 'https://tenant.auth0.example',
      client_id: 'abc',
      audience: 'https://referrals.example/api',
      external: true,
    };
    expect(RuntimeConfigSchema.parse({ ...base, auth: external }).auth).toEqual(external);
    expect(RuntimeConfigSchema.safeParse({ ...base, auth: { ...external, issuer: '' } }).success).toBe(false);
  });
});
