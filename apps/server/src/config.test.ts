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

  describe('inbound mail', () => {
    it('is off unless INBOUND_SMTP_PORT is set, then listens on loopback for referrals.localhost', () => {
      expect(loadConfig({}).inboundMail).toBeUndefined();
      expect(loadConfig({ INBOUND_MAIL_DOMAIN: 'referrals.example.org' }).inboundMail).toBeUndefined();
      expect(loadConfig({ INBOUND_SMTP_PORT: '' }).inboundMail).toBeUndefined();
      expect(loadConfig({ INBOUND_SMTP_PORT: '2525' }).inboundMail).toEqual({
        host: '127.0.0.1',
        port: 2525,
        domain: 'referrals.localhost',
      });
    });

    it('takes its host and a domain, lower-cased', () => {
      const config = loadConfig({
        INBOUND_SMTP_PORT: '25',
        INBOUND_SMTP_HOST: '0.0.0.0',
        INBOUND_MAIL_DOMAIN: 'Referrals.Example.ORG',
      });
      expect(config.inboundMail).toEqual({ host: '0.0.0.0', port: 25, domain: 'referrals.example.org' });
    });

    it('refuses a port or a domain that cannot be, naming each', () => {
      for (const [name, value] of [
        ['INBOUND_SMTP_PORT', '70000'],
        ['INBOUND_SMTP_PORT', 'smtp'],
        ['INBOUND_MAIL_DOMAIN', 'referrals@example.org'],
        ['INBOUND_MAIL_DOMAIN', '-bad-.example'],
        ['INBOUND_MAIL_DOMAIN', 'two words.example'],
      ] as const)
        expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525', [name]: value })).toThrow(name);
    });
  });

  describe('the HL7 v2 listener', () => {
    it('is off unless HL7_MLLP_PORT is set, then listens on loopback unless HL7_MLLP_HOST says otherwise', () => {
      expect(loadConfig({}).mllp).toBeUndefined();
      expect(loadConfig({ HL7_MLLP_PORT: '' }).mllp).toBeUndefined();
      expect(loadConfig({ HL7_MLLP_PORT: '2575' }).mllp).toEqual({ host: '127.0.0.1', port: 2575 });
      expect(loadConfig({ HL7_MLLP_PORT: '2575', HL7_MLLP_HOST: '0.0.0.0' }).mllp).toEqual({
        host: '0.0.0.0',
        port: 2575,
      });
      for (const port of ['70000', 'mllp', '0'])
        expect(() => loadConfig({ HL7_MLLP_PORT: port })).toThrow('HL7_MLLP_PORT');
    });
  });

  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  describe('stored files', () => {
    it('keeps them in DATA_DIR/uploads by default, and in the bucket FILES_BUCKET names when set', () => {
      expect(loadConfig({}).filesBucket).toBeUndefined();
      expect(loadConfig({ FILES_BUCKET: 'referrals-files' }).filesBucket).toEqual({
        bucket: 'referrals-files',
        prefix: '',
        region: 'us-east-1',
        endpoint: undefined,
        credentials: undefined,
        forcePathStyle: false,
      });
      const minio = loadConfig({
        FILES_BUCKET: 'referrals',
        FILES_BUCKET_PREFIX: 'nsw/files/',
        FILES_BUCKET_REGION: 'ap-southeast-2',
        FILES_BUCKET_ENDPOINT: 'https://minio.health.example:9000',
        FILES_BUCKET_ACCESS_KEY_ID: 'referrals-app',
        FILES_BUCKET_SECRET_ACCESS_KEY: 'a-secret',
      }).filesBucket;
      expect(minio).toMatchObject({
        prefix: 'nsw/files/',
        region: 'ap-southeast-2',
        credentials: { accessKeyId: 'referrals-app', secretAccessKey: 'a-secret' },
        forcePathStyle: true,
      });
    });

    it('refuses settings without a bucket, a key without its secret and bad values, naming each', () => {
      expect(problemsOf({ FILES_BUCKET_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
        expect.stringMatching(/^FILES_BUCKET: FILES_BUCKET_ENDPOINT set without a bucket/),
      ]);
      expect(problemsOf({ FILES_BUCKET: 'files', FILES_BUCKET_ACCESS_KEY_ID: 'id' })).toEqual([
        'FILES_BUCKET_SECRET_ACCESS_KEY: required with FILES_BUCKET_ACCESS_KEY_ID',
      ]);
      expect(
        problemsOf({
          FILES_BUCKET: 'Patient_Files',
          FILES_BUCKET_PREFIX: '/uploads',
          FILES_BUCKET_ENDPOINT: 'http://minio.health.example:9000',
        }),
      ).toEqual([
        expect.stringMatching(/^FILES_BUCKET: must be a bucket name/),
        expect.stringMatching(/^FILES_BUCKET_PREFIX: must be empty or folder names/),
        expect.stringMatching(/^FILES_BUCKET_ENDPOINT: must be https/),
      ]);
    });
  });

  describe('text messages', () => {
    const twilio = {
      SMS_GATEWAY: 'twilio',
      SMS_ACCOUNT: 'AC0123456789abcdef0123456789abcdef',
      SMS_TOKEN: 'the-auth-token',
      SMS_FROM: '+61480000000',
    };
    it('writes them to files by default, and sends them through Twilio when SMS_GATEWAY=twilio', () => {
      expect(loadConfig({}).smsGateway).toBeUndefined();
      expect(loadConfig({ SMS_GATEWAY: 'file' }).smsGateway).toBeUndefined();
      expect(loadConfig(twilio).smsGateway).toEqual({
        kind: 'twilio',
        url: 'https://api.twilio.com',
        account: 'AC0123456789abcdef0123456789abcdef',
        token: 'the-auth-token',
        from: '+61480000000',
      });
      expect(
        loadConfig({ ...twilio, SMS_GATEWAY_URL: 'https://api.sydney.au1.twilio.com/' }).smsGateway?.url,
      ).toBe('https://api.sydney.au1.twilio.com');
      expect(loadConfig({ ...twilio, SMS_GATEWAY_URL: 'http://127.0.0.1:4010' }).smsGateway?.url).toBe(
        'http://127.0.0.1:4010',
      );
      for (const from of ['ClinicSMS', 'Northside 1', `MG${'0a'.repeat(16)}`])
        expect(loadConfig({ ...twilio, SMS_FROM: from }).smsGateway?.from).toBe(from);
    });

    it('refuses a gateway without its settings, settings without a gateway, and bad values, naming each', () => {
      expect(problemsOf({ SMS_GATEWAY: 'twilio' })).toEqual([
        'SMS_ACCOUNT: required with SMS_GATEWAY=twilio',
        'SMS_TOKEN: required with SMS_GATEWAY=twilio',
        'SMS_FROM: required with SMS_GATEWAY=twilio',
      ]);
      expect(problemsOf({ SMS_TOKEN: 'the-auth-token', SMS_FROM: '+61480000000' })).toEqual([
        expect.stringMatching(
          /^SMS_GATEWAY: SMS_TOKEN, SMS_FROM are set without a gateway; set SMS_GATEWAY=twilio/,
        ),
      ]);
      const problems = problemsOf({
        ...twilio,
        SMS_GATEWAY_URL: 'http://api.twilio.com',
        SMS_ACCOUNT: 'SK0123',
        SMS_FROM: '0480 000 000',
      });
      expect(problems).toEqual([
        expect.stringMatching(/^SMS_GATEWAY_URL: must be https/),
        expect.stringMatching(/^SMS_ACCOUNT: must be a Twilio Account SID/),
        expect.stringMatching(/^SMS_FROM: must be a number in E\.164 form/),
      ]);
      expect(problemsOf({ SMS_GATEWAY: 'messagemedia' })).toEqual(['SMS_GATEWAY: must be file or twilio']);
      // The token is a secret: no problem repeats a value.
      expect(problemsOf({ ...twilio, SMS_ACCOUNT: 'the-auth-token' }).join('\n')).not.toContain(
        'the-auth-token',
      );
    });
  });
});
