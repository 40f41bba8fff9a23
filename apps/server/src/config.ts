import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { resolveFeatureFlags, type FeatureFlags } from '@referrals/domain/feature-flags';
import { MAIL_DOMAIN_PATTERN } from '@referrals/domain/imports/intake-domains';
import type { BucketSettings } from './modules/files/bucket-storage.ts';

/** The demo accounts' password when DEMO_PASSWORD is not set; the README documents it. */
export const DEFAULT_DEMO_PASSWORD = 'Referrals-Demo-2026';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where text messages go: files in DATA_DIR/sms (the default), or Twilio's Messages API. */
const SMS_GATEWAYS = ['file', 'twilio'] as const;
/** The settings a gateway needs; any of them without a gateway is a mistake, not a silent file outbox. */
const SMS_GATEWAY_SETTINGS = ['SMS_ACCOUNT', 'SMS_TOKEN', 'SMS_FROM'] as const;

/** The address of an outside service that our requests carry credentials or patients' files to. */
const serviceUrl = () =>
  z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .refine(isSafeServiceUrl, 'must be https (plain http only to this machine: localhost, 127.0.0.1, ::1)');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SUPPORT_EMAIL: z.email('must be an email address').default('support@referrals.example'),
  WEB_DIST: z.string().optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, message: 'must be the http(s) address of an OpenID provider' })
    .optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('referrals-web'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) => trustedProxies(value))
    .refine((entries) => entries.every(isProxyAddress), {
      message:
        'must be a comma-separated list of proxy addresses or ranges (10.0.0.5, 10.0.0.0/8, loopback), or off',
    }),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/, 'must be an address or "Name <address>"')
    .default('Referrals <no-reply@referrals.example>'),
  // Empty is unset, so `INBOUND_SMTP_PORT= npm start` turns off the demo's intake (scripts/start.mjs).
  INBOUND_SMTP_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  // Empty is unset, as INBOUND_SMTP_PORT is: the listener stays off.
  HL7_MLLP_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  HL7_MLLP_HOST: z.string().min(1).default('127.0.0.1'),
  // The bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 404.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(24, 'must be at least 24 characters (a random secret)').optional(),
  ),
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(MAIL_DOMAIN_PATTERN, 'must be a domain name such as referrals.example.org')
    .default('referrals.localhost')
    .transform((domain) => domain.toLowerCase()),
  CLINICAL_RECORD_SYSTEMS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isRecordSystemEntry), {
      message:
        'must be a comma-separated list of key=FHIR base URL, such as sandbox=http://localhost:4000/fhir (a key is up to 40 lower-case letters, digits and dashes; https, or plain http only to this machine)',
    })
    .transform((entries) => entries.map(recordSystemOf)),
  CLINICAL_RECORD_CLIENT_ID: z.string().min(1).default('referrals'),
  // Unset, stored files live in DATA_DIR/uploads; set, in this S3-compatible bucket (docs/deploy.md, Files).
  FILES_BUCKET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots and dashes',
      )
      .optional(),
  ),
  FILES_BUCKET_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /, such as referrals/')
    .default(''),
  FILES_BUCKET_REGION: z.string().min(1).default('us-east-1'),
  FILES_BUCKET_ENDPOINT: serviceUrl().optional(),
  FILES_BUCKET_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_BUCKET_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_BUCKET_PATH_STYLE: z.enum(['true', 'false']).optional(),
  SMS_GATEWAY: z.enum(SMS_GATEWAYS, { message: 'must be file or twilio' }).default('file'),
  SMS_GATEWAY_URL: serviceUrl().optional(),
  SMS_ACCOUNT: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID: AC and 32 hexadecimal digits')
    .optional(),
  SMS_TOKEN: z.string().min(1, 'must not be empty').optional(),
  SMS_FROM: z
    .string()
    .regex(
      /^\+[1-9]\d{6,14}$|^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$|^MG[0-9a-fA-F]{32}$/,
      'must be a number in E.164 form (+61...), a sender ID of up to 11 letters and digits, or a Twilio Messaging Service SID (MG...)',
    )
    .optional(),
});

/** Twilio's Messages API (docs/notifications.md, Text messages). */
export type SmsGatewaySettings = {
  kind: 'twilio';
  /** https://api.twilio.com unless SMS_GATEWAY_URL says otherwise (a regional edge, a test server). */
  url: string;
  /** The Account SID: the user name of basic auth and part of the path. */
  account: string;
  /** The auth token: a secret, never logged. */
  token: string;
  /** An E.164 number, an alphanumeric sender ID or a Messaging Service SID (MG...). */
  from: string;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  statementTimeoutMs: number;
  publicUrl: string;
  demoPassword: string;
  seedDemoData: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  supportEmail: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed; none by default, so a client cannot choose the
   * address that the audit records and the per-address limits count.
   */
  trustedProxies: string[];
  /** The built web app served at /; absent in API-only tests. */
  webDist: string | undefined;
  /** Outgoing mail goes through this SMTP server; without it, messages are written to DATA_DIR/mail. */
  /** An external OpenID provider (Auth0, Keycloak, Entra) instead of the built-in one; see README. */
  externalIdentity: { issuer: string; audience: string; clientId: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The SMTP server that takes referrals mailed to referrals+{slug}@{domain} into the import queue
   * (docs/import-queue.md); off (undefined) unless INBOUND_SMTP_PORT is set.
   */
  inboundMail: { host: string; port: number; domain: string } | undefined;
  /**
   * The MLLP listener that takes HL7 v2 REF^I12 referral messages into the import queue (docs/interop.md);
   * off (undefined) unless HL7_MLLP_PORT is set.
   */
  mllp: { host: string; port: number } | undefined;
  /**
   * The clinical record systems that may launch Referrals (SMART on FHIR; docs/clinical-record.md): a key
   * of our own, used as the patient's external id system, and the FHIR base (`iss`) they launch with.
   */
  clinicalRecordSystems: ClinicalRecordSystem[];
  /** The client id Referrals is registered under at those systems' authorization servers. */
  clinicalRecordClientId: string;
  /** The bearer token of GET /metrics; undefined: /metrics answers 404. */
  metricsToken: string | undefined;
  /** Stored files go to this bucket; undefined: to DATA_DIR/uploads (docs/deploy.md, Files). */
  filesBucket: BucketSettings | undefined;
  /** Text messages go through this gateway; without one (the default) each is written to DATA_DIR/sms. */
  smsGateway: SmsGatewaySettings | undefined;
  flags: FeatureFlags;
};

export type ClinicalRecordSystem = { key: string; iss: string };

function isRecordSystemEntry(entry: string): boolean {
  const [key = '', iss = ''] = entry.split(/=(.*)/s);
  return /^[a-z0-9-]{1,40}$/.test(key) && isSafeServiceUrl(iss);
}

// The iss is compared as the record system sends it, which is without a trailing slash (SMART examples).
function recordSystemOf(entry: string): ClinicalRecordSystem {
  const [key = '', iss = ''] = entry.split(/=(.*)/s);
  return { key, iss: iss.replace(/\/+$/, '') };
}

/**
 * An outside service's credentials travel in every request (an SMS gateway's, a record system's tokens):
 * plain http only to a server on this machine.
 */
function isSafeServiceUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/** The SMS settings that only make sense together, checked on the raw environment so every one is listed. */
function smsGatewayProblems(env: Record<string, string | undefined>): string[] {
  if (env.SMS_GATEWAY === 'twilio')
    return SMS_GATEWAY_SETTINGS.filter((name) => env[name] === undefined).map(
      (name) => `${name}: required with SMS_GATEWAY=twilio`,
    );
  if (env.SMS_GATEWAY !== undefined && env.SMS_GATEWAY !== 'file') return [];
  const stray = [...SMS_GATEWAY_SETTINGS, 'SMS_GATEWAY_URL'].filter((name) => env[name]);
  return stray.length === 0
    ? []
    : [
        `SMS_GATEWAY: ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set without a gateway; set SMS_GATEWAY=twilio to send text messages, or remove ${stray.length === 1 ? 'it' : 'them'} (without a gateway, text messages are written to DATA_DIR/sms)`,
      ];
}

/** The bucket's settings that mean nothing alone: a key without its secret, any of them without a bucket. */
function filesBucketProblems(env: Record<string, string | undefined>): string[] {
  const keys = ['FILES_BUCKET_ACCESS_KEY_ID', 'FILES_BUCKET_SECRET_ACCESS_KEY'] as const;
  if (env.FILES_BUCKET) {
    const set = keys.filter((name) => env[name]);
    return set.length === 1
      ? [`${keys.find((name) => !env[name]) ?? ''}: required with ${set[0] ?? ''}`]
      : [];
  }
  const stray = Object.keys(env).filter((name) => name.startsWith('FILES_BUCKET_') && env[name]);
  return stray.length === 0
    ? []
    : [
        `FILES_BUCKET: ${stray.sort().join(', ')} set without a bucket; set FILES_BUCKET, or remove them (without a bucket, files are stored in DATA_DIR/uploads)`,
      ];
}

function trustedProxies(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length === 1 && /^(off|false|no|0)$/i.test(entries[0] ?? '') ? [] : entries;
}

/** An address, an address range in CIDR form, or one of the named ranges Fastify's proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment once at start-up; every problem is listed, not just the first. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  const { flags, errors: flagErrors } = resolveFeatureFlags(env);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...smsGatewayProblems(env),
    ...filesBucketProblems(env),
    ...flagErrors,
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    publicUrl,
    demoPassword: e.DEMO_PASSWORD,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    logLevel: e.LOG_LEVEL,
    supportEmail: e.SUPPORT_EMAIL,
    trustedProxies: e.TRUST_PROXY,
    webDist: e.WEB_DIST === undefined ? undefined : path.resolve(cwd, e.WEB_DIST),
    externalIdentity: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
          audience: e.OIDC_AUDIENCE ?? `${publicUrl}/api`,
          clientId: e.OIDC_CLIENT_ID,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    inboundMail:
      e.INBOUND_SMTP_PORT === undefined
        ? undefined
        : { host: e.INBOUND_SMTP_HOST, port: e.INBOUND_SMTP_PORT, domain: e.INBOUND_MAIL_DOMAIN },
    mllp: e.HL7_MLLP_PORT === undefined ? undefined : { host: e.HL7_MLLP_HOST, port: e.HL7_MLLP_PORT },
    metricsToken: e.METRICS_TOKEN,
    clinicalRecordSystems: e.CLINICAL_RECORD_SYSTEMS,
    clinicalRecordClientId: e.CLINICAL_RECORD_CLIENT_ID,
    filesBucket: e.FILES_BUCKET
      ? {
          bucket: e.FILES_BUCKET,
          prefix: e.FILES_BUCKET_PREFIX,
          region: e.FILES_BUCKET_REGION,
          endpoint: e.FILES_BUCKET_ENDPOINT,
          credentials:
            e.FILES_BUCKET_ACCESS_KEY_ID && e.FILES_BUCKET_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.FILES_BUCKET_ACCESS_KEY_ID,
                  secretAccessKey: e.FILES_BUCKET_SECRET_ACCESS_KEY,
                }
              : undefined,
          // Other S3-compatible servers mostly address buckets by path; AWS S3 by host name.
          forcePathStyle:
            (e.FILES_BUCKET_PATH_STYLE ?? String(e.FILES_BUCKET_ENDPOINT !== undefined)) === 'true',
        }
      : undefined,
    smsGateway:
      e.SMS_GATEWAY === 'twilio' && e.SMS_ACCOUNT && e.SMS_TOKEN && e.SMS_FROM
        ? {
            kind: 'twilio',
            url: (e.SMS_GATEWAY_URL ?? 'https://api.twilio.com').replace(/\/+$/, ''),
            account: e.SMS_ACCOUNT,
            token: e.SMS_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    flags,
  };
}
