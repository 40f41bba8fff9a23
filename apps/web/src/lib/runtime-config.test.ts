import { APP_VERSION } from '@referrals/domain/constants';
import { FEATURE_FLAG_DEFAULTS } from '@referrals/domain/feature-flags';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_SUPPORT_EMAIL, parseRuntimeConfig } from './runtime-config';

const ORIGIN = 'http://localhost:5173';

describe('parseRuntimeConfig', () => {
  it('uses the configuration the server embedded', () => {
    const embedded = JSON.stringify({
      flags: { maintenance: true, notAFlag: true },
      support_email: 'help@clinic.example',
      version: '26.3.1',
      auth: {
        issuer: 'https://tenant.auth0.example/',
        client_id: 'spa-1',
        audience: 'https://referrals.example/api',
        external: true,
      },
    });
    const config = parseRuntimeConfig(embedded, {}, ORIGIN);
    expect(config.flags.maintenance).toBe(true);
    expect(config.flags.mrnRework).toBe(FEATURE_FLAG_DEFAULTS.mrnRework);
    expect(config).not.toHaveProperty('flags.notAFlag');
    expect(config.supportEmail).toBe('help@clinic.example');
    expect(config.version).toBe('26.3.1');
    expect(config.auth).toEqual({
      issuer: 'https://tenant.auth0.example/',
      client_id: 'spa-1',
      audience: 'https://referrals.example/api',
      external: true,
    });
  });

  it('falls back to the defaults with VITE_ overrides when nothing is embedded', () => {
    const config = parseRuntimeConfig(
      null,
      {
        VITE_FEATURE_MAINTENANCE: 'true',
        VITE_FEATURE_MRN_REWORK: 'off',
        FEATURE_FRIENDLY_FORWARDING: 'true',
      },
      ORIGIN,
    );
    expect(config.flags.maintenance).toBe(true);
    expect(config.flags.mrnRework).toBe(false);
    // Only VITE_-prefixed variables count: Vite never exposes the others to the browser.
    expect(config.flags.friendlyForwarding).toBe(false);
    expect(config.supportEmail).toBe(FALLBACK_SUPPORT_EMAIL);
    expect(config.version).toBe(APP_VERSION);
    // The dev server proxies /auth and /api to the server: the built-in provider on the page's origin.
    expect(config.auth).toEqual({
      issuer: 'http://localhost:5173/auth',
      client_id: 'referrals-web',
      audience: 'http://localhost:5173/api',
      external: false,
    });
  });

  it('falls back when the embedded configuration is malformed', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = parseRuntimeConfig('{"flags":', {}, ORIGIN);
    expect(config.flags).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(config.auth.issuer).toBe('http://localhost:5173/auth');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
