import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Response } from 'light-my-request';
import {
  ACCESS_SESSION_HEADER,
  type AccessAudience,
  type ExternalAccessSession,
} from '@referrals/domain/external-access/external-access-schemas';
import type { ManualReferrer } from '@referrals/domain/referrals/manual-referral-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { createPatient } from '../../db/factories/factories.ts';
import { referrals } from '../../db/schema/referrals.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { PDF } from '../referrals/attachments/attachment-test-helpers.ts';
import { recordOutsideReferral } from '../referrals/manual/record-outside-referral.ts';
import type { ReferralParties } from '../referrals/referral-test-parties.ts';
import { issueReferralAccessLink } from '../access-links/issue-referral-access-link.ts';

/** The patient an external referral is about, as the tests answer for them. */
export const MAYA = { first_name: 'Maya', last_name: 'Nguyen', dob: '1990-04-12' } as const;

/** A health professional outside the product who sent the referral through the clinic's portal. */
export const PORTAL_SENDER: ManualReferrer = {
  title: 'DR',
  first_name: 'Ava',
  last_name: 'Reid',
  role: 'GP',
  practice_name: 'Bayside Clinic',
  email: 'ava.reid@bayside.example',
  phone: '(02) 9555 0199',
};

/**
 * An EXTERNAL referral to the parties' clinic, recorded as the portal's submit records one
 * (record-outside-referral.ts), about a patient of the clinic named `patient` (Maya Nguyen unless told),
 * assigned to the specialist so that they can write its reports.
 */
export async function externalReferral(
  db: Database,
  p: ReferralParties,
  patient: Partial<Record<keyof typeof MAYA, string>> = {},
) {
  const record = await createPatient(db, { establishment_id: p.clinic.id, ...MAYA, ...patient });
  return db.transaction((tx) =>
    recordOutsideReferral(tx, {
      type: 'EXTERNAL',
      recorder: null,
      actor: { actorId: null, establishmentId: p.clinic.id, ip: null, requestId: null },
      establishmentId: p.clinic.id,
      patient: record.id,
      newPatient: null,
      referrer: PORTAL_SENDER,
      assigneeId: p.specialist.user.id,
      columns: { referrer_message: 'Chest pain on exertion for a month.' },
      files: [],
    }),
  );
}

/** A link issued as the portal's submit (or any caller) issues one, with its token. */
export function issueLink(
  t: TestApp,
  referralId: string,
  audience: AccessAudience,
  email = 'maya@mail.example',
) {
  return t.database.db.transaction((tx) =>
    issueReferralAccessLink(tx, {
      referralId,
      audience,
      email,
      actor: { actorId: null, establishmentId: null, ip: null, requestId: null },
    }),
  );
}

type Method = 'GET' | 'POST' | 'PUT';

/** A call through a link, from `ip` (each test its own, so per-address limits stay apart). */
export function viaLink(
  app: FastifyInstance,
  options: {
    method?: Method;
    path?: string;
    token?: string;
    query?: string;
    session?: string;
    body?: object;
    ip?: string;
  },
): Promise<Response> {
  const access = options.token === undefined ? '' : `access=${encodeURIComponent(options.token)}`;
  const query = [access, options.query ?? ''].filter((part) => part !== '').join('&');
  return app.inject({
    method: options.method ?? 'GET',
    url: `${options.path ?? '/api/referrals/external/'}?${query}`,
    headers: options.session ? { [ACCESS_SESSION_HEADER]: options.session } : {},
    remoteAddress: options.ip ?? '198.51.100.1',
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** Verifies a link with Maya's details (or `answer`) and answers the session. */
export async function verified(
  app: FastifyInstance,
  token: string,
  answer: object = MAYA,
  ip = '198.51.100.2',
): Promise<ExternalAccessSession> {
  const res = await viaLink(app, { method: 'POST', token, body: answer, ip });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return res.json<ExternalAccessSession>();
}

/** A multipart PUT of one file through a link, the form fields first (as the page's FormData sends them). */
export function putFile(
  app: FastifyInstance,
  options: {
    path: string;
    token: string;
    session: string;
    name?: string;
    type?: string;
    bytes?: Buffer;
    fields?: Record<string, string>;
  },
): Promise<Response> {
  const boundary = 'access-link-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      Object.entries(options.fields ?? {})
        .map(([name, value]) => field(name, value))
        .join(''),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'signed.pdf'}"\r\n` +
        `Content-Type: ${options.type ?? 'application/pdf'}\r\n\r\n`,
    ),
    options.bytes ?? PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'PUT',
    url: `${options.path}?access=${encodeURIComponent(options.token)}`,
    headers: {
      [ACCESS_SESSION_HEADER]: options.session,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

/** Sets a referral's columns as its receiver would have (the appointment, what the patient is shown). */
export async function setReferral(db: Queryable, id: string, values: Partial<typeof referrals.$inferInsert>) {
  await db.update(referrals).set(values).where(eq(referrals.id, id));
}
