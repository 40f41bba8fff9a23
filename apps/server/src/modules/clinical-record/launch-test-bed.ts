import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { startEhrSandbox, type EhrSandbox } from '@referrals/ehr-sandbox';
import { Browser } from '@referrals/ehr-sandbox/test-browser';
import {
  createEmployment,
  createEstablishment,
  createUser,
  type Establishment,
} from '../../db/factories/factories.ts';
import type { JobRunnerSettings } from '../../jobs/job-runner.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';

/** Where the app under test says it is: the sandbox's client sends the browser back to `${PUBLIC_URL}/`. */
export const PUBLIC_URL = 'http://referrals.test';
/** Dr Mitchell's Referrals account: the sandbox's practitioner Sarah Mitchell has the same email. */
export const GP_EMAIL = 'gp@demo.test';

export type LaunchTestBed = {
  sandbox: EhrSandbox;
  t: TestApp;
  /** Balmain Family Practice, where the GP works. */
  practice: Establishment;
  post: (url: string, body: unknown) => Promise<InjectResponse>;
  /** The record's launch, the sign-in at the record system, and the query it sends the browser back with. */
  signInAtRecord: (options?: {
    patientId?: string | null;
    email?: string;
  }) => Promise<Record<string, string>>;
  /** The same, finished: the launch's id. */
  finishedLaunch: () => Promise<string>;
  /** Another GP at the practice, signed in: someone whose launch it is not. */
  signedInColleague: (email: string) => ReturnType<typeof signedInAs>;
  close: () => Promise<void>;
};

/**
 * The sandbox record system (tools/ehr-sandbox) and the app configured to take its launches, with the GP
 * whose account the sandbox's practitioner matches, for tests that launch the way a browser does.
 */
export async function launchTestBed(options: {
  password: string;
  jobs?: Partial<JobRunnerSettings>;
}): Promise<LaunchTestBed> {
  const sandbox = await startEhrSandbox({ port: 0, referralsUrl: PUBLIC_URL });
  const t = await buildTestApp(
    { PUBLIC_URL, CLINICAL_RECORD_SYSTEMS: `sandbox=${sandbox.fhirBaseUrl}` },
    options.jobs ? { jobs: options.jobs } : {},
  );
  const db = t.database.db;
  const practice = await createEstablishment(db, { name: 'Balmain Family Practice', type: 'PR' });
  const passwordHash = await hashPassword(options.password);
  const gpAtPractice = async (email: string) => {
    const user = await createUser(db, { email, role: 'GP', password_hash: passwordHash });
    await createEmployment(db, {
      user_id: user.id,
      establishment_id: practice.id,
      status: 'APPROVED',
      permissions: ['manage_referral', 'add_referral'],
    });
  };
  await gpAtPractice(GP_EMAIL);
  const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url, payload: body as object });

  const signInAtRecord: LaunchTestBed['signInAtRecord'] = async (at = {}) => {
    const { launch } = sandbox.createLaunch({
      patientId: at.patientId === undefined ? sandbox.patients.thompson : at.patientId,
    });
    const started = await post('/api/clinical-record/launches/', { iss: sandbox.fhirBaseUrl, launch });
    expect(started.statusCode).toBe(201);
    const browser = new Browser();
    const signIn = await browser.visit(
      started.json<{ authorization_url: string }>().authorization_url,
      PUBLIC_URL,
    );
    const back = await browser.submit(
      signIn,
      { email: at.email ?? GP_EMAIL, password: 'sandbox' },
      PUBLIC_URL,
    );
    expect(back.url.startsWith(`${PUBLIC_URL}/?`)).toBe(true);
    return Object.fromEntries(new URL(back.url).searchParams);
  };

  return {
    sandbox,
    t,
    practice,
    post,
    signInAtRecord,
    async finishedLaunch() {
      const completed = await post('/api/clinical-record/launches/complete/', await signInAtRecord());
      expect(completed.statusCode).toBe(200);
      return completed.json<{ launch_id: string }>().launch_id;
    },
    async signedInColleague(email) {
      await gpAtPractice(email);
      return signedInAs(t.app, email, options.password);
    },
    async close() {
      await t.app.close();
      await sandbox.close();
    },
  };
}
