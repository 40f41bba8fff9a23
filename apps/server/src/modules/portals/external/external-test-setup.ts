import type { FastifyInstance } from 'fastify';
import type { Response } from 'light-my-request';
import { eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { DRAFT_TOKEN_HEADER } from '@referrals/domain/portals/external-referral-schemas';
import type { Queryable } from '../../../db/database.ts';
import { establishments } from '../../../db/schema/establishments.ts';
import { readMailbox } from '../../../../test/mailbox.ts';
import { signedInPerson, type Person } from '../../establishments/establishment-test-people.ts';
import { referralParties, type ReferralParties } from '../../referrals/referral-test-parties.ts';

/** A patient writing for themselves: every field the PATIENT flow asks for (externalReferralProblems). */
export const PATIENT_SENDER_DRAFT = {
  sender_type: 'PATIENT',
  sender: {
    first_name: 'Ruth',
    last_name: 'Ellison',
    email: 'ruth.ellison@mail.example',
    phone: '0412 345 678',
    relation: 'self',
    // Dropped: a patient sender has no provider number (section 5).
    provider_number: '2426621B',
  },
  patient: {
    first_name: 'Ruth',
    last_name: 'Ellison',
    dob: '1958-07-14',
    sex_at_birth: 'F',
    concession_type: 'NONE',
    phone: '0412 345 678',
    address1: '8 Wattle Lane',
    city: 'Chatswood',
    state: 'NSW',
    postcode: '2067',
  },
  referrer_message: 'Palpitations for three weeks; my GP suggested I see a cardiologist.',
  consent: true,
} as const;

/** A health professional without an account sending for their patient. */
export const PROVIDER_SENDER_DRAFT = {
  ...PATIENT_SENDER_DRAFT,
  sender_type: 'PROVIDER',
  sender: {
    first_name: 'Priya',
    last_name: 'Raman',
    email: 'priya.raman@clinic.example',
    phone: '(02) 9555 0123',
    role: 'GP',
    practice_name: 'Lane Cove Medical',
    provider_number: '2426621B',
  },
} as const;

/**
 * The people of a portal test: the referral parties (referral-test-parties.ts), whose clinic publishes a
 * portal for both sender types, and a specialist there with the shared inbox, mailed when a referral
 * arrives. (The demo's own specialist has no shared inbox access: they see what is assigned to them.)
 */
export async function portalParties(
  app: FastifyInstance,
  db: Queryable,
): Promise<ReferralParties & { receiver: Person }> {
  const parties = await referralParties(app, db);
  await db
    .update(establishments)
    .set({
      slug: `northside-cardiology-${parties.clinic.id.slice(0, 8)}`,
      portal_enabled: true,
      portal_sender_types: ['PATIENT', 'PROVIDER'],
    })
    .where(eq(establishments.id, parties.clinic.id));
  const receiver = await signedInPerson(app, db, {
    at: parties.clinic.id,
    employment: {
      permissions: ['manage_referral', 'add_referral', 'accept_referral'],
      has_shared_inbox_access: true,
    },
    user: {
      role: 'SP',
      first_name: 'Nadia',
      last_name: 'Osei',
      email_notifications: { email_referral_received: true },
    },
  });
  return { ...parties, receiver };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A draft as its sender's browser holds it: where it is, its secret, and calls that carry it. */
export type DraftClient = {
  id: string;
  token: string;
  url: string;
  headers: Record<string, string>;
  api: (method: Method, path?: string, payload?: object) => Promise<Response>;
};

/** The drafts path of an establishment's portal. */
export const draftsUrl = (establishmentId: string) =>
  `/api/public/establishments/${establishmentId}/referrals/`;

/** POST …/referrals/ with `body`, failing the test unless the draft is made. */
export async function createDraft(
  app: FastifyInstance,
  establishmentId: string,
  body: object = PATIENT_SENDER_DRAFT,
): Promise<DraftClient> {
  const res = await app.inject({ method: 'POST', url: draftsUrl(establishmentId), payload: body });
  if (res.statusCode !== 201) throw new Error(`draft not made: ${res.statusCode} ${res.body}`);
  const { draft, draft_token: token } = res.json<{ draft: { id: string }; draft_token: string }>();
  return draftClient(app, establishmentId, draft.id, token);
}

/** Calls about draft `id` of the establishment's portal with `token` as its secret. */
export function draftClient(
  app: FastifyInstance,
  establishmentId: string,
  id: string,
  token: string,
): DraftClient {
  const url = `${draftsUrl(establishmentId)}${id}/`;
  const headers = { [DRAFT_TOKEN_HEADER]: token };
  return {
    id,
    token,
    url,
    headers,
    api: (method, path = '', payload) =>
      app.inject({ method, url: `${url}${path}`, headers, ...(payload ? { payload } : {}) }),
  };
}

/**
 * The widget's work, done by ALTCHA's own solver: a challenge from GET public/captcha/, solved, as the
 * base64 JSON payload the widget posts.
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/public/captcha/' });
  if (res.statusCode !== 200) throw new Error(`no captcha challenge: ${res.statusCode}`);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The code of the newest code mail to `to`, as its reader would type it. */
export async function mailedCode(app: FastifyInstance, to: string): Promise<string> {
  const mail = (await readMailbox(app)).filter(
    (message) => message.to.includes(to) && message.subject === 'Your code to send a referral',
  );
  const code = /\b(\d{6})\b/.exec(mail.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A draft's code asked for and read from the mailbox. */
export async function askForCode(app: FastifyInstance, draft: DraftClient, to: string): Promise<string> {
  const res = await draft.api('GET', 'verification-code/');
  if (res.statusCode !== 200) throw new Error(`no code sent: ${res.statusCode} ${res.body}`);
  return mailedCode(app, to);
}
