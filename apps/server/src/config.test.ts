import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('runs on a fresh machine with no settings at all', () => {
    const config = loadConfig({}, '/srv/referrals');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/referrals/data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoPassword).toBe(DEFAULT_DEMO_PASSWORD);
    expect(config.logLevel).toBe('info');
    expect(config.flags.maintenance).toBe(false);
    expect(config.trustedProxies).toEqual([]);
  });

  it('believes forwarded addresses only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 ,loopback,fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
    for (const everyone of ['true', '*', '10.0.0.0/33', 'proxy.internal'])
      expect(() => loadConfig({ TRUST_PROXY: everyone })).toThrow(/TRUST_PROXY/);
  });

  it('takes the documented settings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/referrals',
      DATABASE_URL: 'postgres://app@db.internal:5432/referrals',
      PUBLIC_URL: 'https://referrals.example.org/',
      DEMO_PASSWORD: 'another-long-password',
      LOG_LEVEL: 'warn',
      FEATURE_MAINTENANCE: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/referrals',
      databaseUrl: 'postgres://app@db.internal:5432/referrals',
      publicUrl: 'https://referrals.example.org',
      demoPassword: 'another-long-password',
      logLevel: 'warn',
    });
    expect(config.flags.maintenance).toBe(true);
  });

  it('refuses to start on bad values and lists every one of them', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DEMO_PASSWORD: 'short',
        FEATURE_EMR: 'yes',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'DEMO_PASSWORD', 'FEATURE_EMR'])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
