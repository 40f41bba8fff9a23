import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  createUser,
  type Employment,
  type Establishment,
} from '../../db/factories/factories.ts';
import type { PublicJwk } from '@referrals/domain/establishments/backend-client-schemas';
import { backendClients } from '../../db/schema/backend-clients.ts';
import { establishments } from '../../db/schema/establishments.ts';
import { importActivity, importItemFiles, importItems } from '../../db/schema/imports.ts';
import { outgoingMail } from '../../db/schema/mail.ts';
import { carers, directoryDoctors, patientMrns, patients } from '../../db/schema/patients.ts';
import { employments, specialties, users } from '../../db/schema/people.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import { hashPassword } from '../auth/passwords.ts';
import { receivedItem, storedFax, storedPdf } from '../import/queue/import-queue-test-setup.ts';
import { REFERRAL_MATRIX_PREFIXES } from '../referrals/referral-matrix-prefixes.ts';

const PASSWORD = 'tenancy-matrix-password';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Api = Awaited<ReturnType<typeof signedInAs>>;

/** A one-pixel PNG, so an upload reaches the ownership check rather than the type check. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Proves the tenancy rule of issue 4 over every route that takes an id: a user of establishment B asking
 * for establishment A's object gets the same 404 as for a missing id, and nothing changes. A new route with
 * an id fails the inventory check below until it is added here.
 */
describe('tenancy: another establishment’s objects are not found', () => {
  let t: TestApp;
  let estA: Establishment;
  let estB: Establishment;
  let unapprovedA: Establishment;
  let gpAJob: Employment;
  let invitedAJob: Employment;
  let specialtyA: string;
  let sharedDoctorByA: string;
  let patientA: { id: string; carer: string; mrn: string };
  let directoryDoctorA: string;
  let importA: { email: string; letter: string; fax: string; faxFile: string };
  const backendClientA = '5d1c2b8e-6f0a-4c3d-9e7b-a1b2c3d4e5f6';
  const publicJwk = {
    ...generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'jwk' }),
    kid: 'tenancy',
  };
  let holderB: Api;
  let gpB: Api;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const passwordHash = await hashPassword(PASSWORD);
    estA = await createEstablishment(db, { name: 'Practice A' });
    estB = await createEstablishment(db, { name: 'Practice B' });
    const holderAUser = await createUser(db, { role: 'PM', password_hash: passwordHash });
    await createEmployment(db, {
      user_id: holderAUser.id,
      establishment_id: estA.id,
      is_account_holder: true,
    });
    unapprovedA = await createEstablishment(db, {
      name: 'Clinic A (awaiting approval)',
      slug: 'clinic-a-awaiting-approval',
      type: 'CL',
      is_approved: false,
      is_verified: false,
      created_by_id: holderAUser.id,
    });
    await createEmployment(db, {
      user_id: holderAUser.id,
      establishment_id: unapprovedA.id,
      priority: 2,
      is_account_holder: true,
    });
    const gpAUser = await createUser(db, { role: 'GP', password_hash: passwordHash });
    gpAJob = await createEmployment(db, { user_id: gpAUser.id, establishment_id: estA.id });
    const invitedUser = await createUser(db, { role: 'GP', password_hash: passwordHash });
    invitedAJob = await createEmployment(db, {
      user_id: invitedUser.id,
      establishment_id: estA.id,
      priority: 2,
      status: 'INVITED',
      invite_expires_at: new Date(Date.now() + 86_400_000),
    });
    const [specialty] = await db
      .insert(specialties)
      .values({ user_id: gpAUser.id, priority: 1, practice: 'MEDICAL', field: null })
      .returning();
    specialtyA = specialty?.id ?? '';
    // A shared directory entry created at A (only A may change it) and an entry of A's own directory.
    const [shared] = await db
      .insert(directoryDoctors)
      .values({ first_name: 'Shared', last_name: 'Doctor', role: 'SP', created_by_id: gpAUser.id })
      .returning();
    sharedDoctorByA = shared?.id ?? '';
    const [ownEntry] = await db
      .insert(directoryDoctors)
      .values({ establishment_id: estA.id, first_name: 'Own', last_name: 'Contact', role: 'HCP' })
      .returning();
    directoryDoctorA = ownEntry?.id ?? '';

    // A patient of A with a carer and an MRN at A.
    const patient = await createPatient(db, { establishment_id: estA.id });
    const [carer] = await db
      .insert(carers)
      .values({ patient_id: patient.id, first_name: 'Carer', last_name: 'Of A' })
      .returning();
    const [mrn] = await db
      .insert(patientMrns)
      .values({ patient_id: patient.id, establishment_id: estA.id, number: 'A-1' })
      .returning();
    patientA = { id: patient.id, carer: carer?.id ?? '', mrn: mrn?.id ?? '' };

    // An email with a letter and a fax with its TIFF in A's import queue.
    const email = await receivedItem(t.app, estA.id, {
      files: [{ stored: await storedPdf(t.app.storage), originalName: 'letter.pdf', pages: 1 }],
    });
    const fax = await receivedItem(t.app, estA.id, {
      kind: 'fax',
      files: [{ stored: await storedFax(t.app.storage, ['#ffffff']), originalName: 'fax.tif', pages: 1 }],
    });
    const fileOf = async (itemId: string) =>
      (await db.select().from(importItemFiles).where(eq(importItemFiles.item_id, itemId)))[0]?.id ?? '';
    importA = { email, letter: await fileOf(email), fax, faxFile: await fileOf(fax) };

    // A backend service of A (SMART Backend Services), registered in A's settings.
    await db.insert(backendClients).values({
      client_id: backendClientA,
      establishment_id: estA.id,
      name: 'A’s interface engine',
      jwks: { keys: [publicJwk as PublicJwk] },
      scopes: ['system/*.rs'],
    });

    const holderBUser = await createUser(db, { role: 'PM', password_hash: passwordHash });
    await createEmployment(db, {
      user_id: holderBUser.id,
      establishment_id: estB.id,
      is_account_holder: true,
    });
    const gpBUser = await createUser(db, { role: 'GP', password_hash: passwordHash });
    // accept_referral, so that A's import items are refused for being A's, not for want of the permission.
    await createEmployment(db, {
      user_id: gpBUser.id,
      establishment_id: estB.id,
      permissions: ['accept_referral'],
    });
    holderB = await signedInAs(t.app, holderBUser.email, PASSWORD);
    gpB = await signedInAs(t.app, gpBUser.email, PASSWORD);
  });
  afterAll(() => t.app.close());

  /** Every request of the matrix: which of A's objects it names, and a body that passes validation. */
  function matrix(): { method: Method; url: string; route: string; body?: object; multipart?: boolean }[] {
    const job = gpAJob.id;
    const invite = invitedAJob.id;
    return [
      { method: 'GET', route: '/api/establishments/:id/', url: `/api/establishments/${unapprovedA.id}/` },
      {
        method: 'GET',
        route: '/api/establishments/by-slug/:slug/',
        url: '/api/establishments/by-slug/clinic-a-awaiting-approval/',
      },
      ...[estA, unapprovedA].flatMap((place) => [
        {
          method: 'PUT' as const,
          route: '/api/establishments/:id/',
          url: `/api/establishments/${place.id}/`,
          body: { name: 'Taken over', type: 'PR' },
        },
        {
          method: 'DELETE' as const,
          route: '/api/establishments/:id/',
          url: `/api/establishments/${place.id}/`,
        },
      ]),
      {
        method: 'POST',
        route: '/api/establishments/:id/branding-logo/',
        url: `/api/establishments/${estA.id}/branding-logo/`,
        multipart: true,
      },
      {
        method: 'DELETE',
        route: '/api/establishments/:id/branding-logo/',
        url: `/api/establishments/${estA.id}/branding-logo/`,
      },
      ...backendClientMatrix(),
      {
        method: 'POST',
        route: '/api/establishments/:id/invitations/',
        url: `/api/establishments/${estA.id}/invitations/`,
        body: { email: 'new.starter@example.test', first_name: 'New', last_name: 'Starter', role: 'GP' },
      },
      { method: 'GET', route: '/api/profile/employments/:id/', url: `/api/profile/employments/${job}/` },
      {
        method: 'PUT',
        route: '/api/profile/employments/:id/',
        url: `/api/profile/employments/${job}/`,
        body: { priority: 1 },
      },
      { method: 'DELETE', route: '/api/profile/employments/:id/', url: `/api/profile/employments/${job}/` },
      {
        method: 'POST',
        route: '/api/profile/employments/:id/accept/',
        url: `/api/profile/employments/${invite}/accept/`,
      },
      {
        method: 'POST',
        route: '/api/profile/employments/:id/decline/',
        url: `/api/profile/employments/${invite}/decline/`,
      },
      {
        method: 'PUT',
        route: '/api/profile/employments/:id/signature/',
        url: `/api/profile/employments/${job}/signature/`,
        body: { text: 'Not mine' },
      },
      {
        method: 'PUT',
        route: '/api/profile/employments/:id/user-tag/',
        url: `/api/profile/employments/${job}/user-tag/`,
        body: { user_tag: 'NURSE' },
      },
      { method: 'GET', route: '/api/admin/users/:id/', url: `/api/admin/users/${job}/` },
      {
        method: 'PATCH',
        route: '/api/admin/users/:id/',
        url: `/api/admin/users/${job}/`,
        body: { action: 'revoke', has_special_access: true },
      },
      {
        method: 'PUT',
        route: '/api/profile/specialties/:id/',
        url: `/api/profile/specialties/${specialtyA}/`,
        body: { priority: 1, practice: 'SURGICAL', field: null },
      },
      {
        method: 'DELETE',
        route: '/api/profile/specialties/:id/',
        url: `/api/profile/specialties/${specialtyA}/`,
      },
      ...directoryMatrix(),
      ...patientMatrix(),
      ...importMatrix(),
    ];
  }

  /** A's backend services: listed, registered and revoked through A, and A's revoked through B's path. */
  function backendClientMatrix(): ReturnType<typeof matrix> {
    const clients = (place: Establishment) => `/api/establishments/${place.id}/backend-clients/`;
    const revoke = '/api/establishments/:id/backend-clients/:clientId/revoke/';
    return [
      { method: 'GET', route: '/api/establishments/:id/backend-clients/', url: clients(estA) },
      {
        method: 'POST',
        route: '/api/establishments/:id/backend-clients/',
        url: clients(estA),
        body: { name: 'Taken over', jwks: { keys: [publicJwk] }, scopes: ['system/*.rs'] },
      },
      { method: 'POST', route: revoke, url: `${clients(estA)}${backendClientA}/revoke/` },
      { method: 'POST', route: revoke, url: `${clients(estB)}${backendClientA}/revoke/` },
    ];
  }

  /** A's import queue: an email with its letter, a fax with its pages, and the lifecycle actions. */
  function importMatrix(): ReturnType<typeof matrix> {
    const { email, letter, fax, faxFile } = importA;
    const dismiss = { action: 'dismiss', dismissed_reason: 'duplicate' };
    const convert = {
      new_patient: { first_name: 'Taken', last_name: 'Over', dob: '1970-01-01' },
      referrer: { first_name: 'Some', last_name: 'Doctor', role: 'GP' },
    };
    return [
      { method: 'GET', route: '/api/import/email/:id/', url: `/api/import/email/${email}/` },
      { method: 'GET', route: '/api/import/email/:id/', url: `/api/import/email/${fax}/` },
      {
        method: 'GET',
        route: '/api/import/email/:id/files/:fileId/',
        url: `/api/import/email/${email}/files/${letter}/`,
      },
      {
        method: 'GET',
        route: '/api/import/email/:id/files/:fileId/pages/:n/',
        url: `/api/import/email/${fax}/files/${faxFile}/pages/1/`,
      },
      { method: 'PATCH', route: '/api/import/:kind/:id/', url: `/api/import/email/${email}/`, body: dismiss },
      { method: 'PATCH', route: '/api/import/:kind/:id/', url: `/api/import/fax/${fax}/`, body: dismiss },
      ...[`/api/import/email/${email}/convert/`, `/api/import/fax/${fax}/convert/`].map((url) => ({
        method: 'POST' as const,
        route: '/api/import/:kind/:id/convert/',
        url,
        body: convert,
      })),
    ];
  }

  /** A's patient, its carer and its MRN. */
  function patientMatrix(): ReturnType<typeof matrix> {
    const patient = `/api/patients/${patientA.id}/`;
    const carer = `${patient}carers/${patientA.carer}/`;
    const mrn = `${patient}mrn/${patientA.mrn}/`;
    const body = { first_name: 'Taken', last_name: 'Over', dob: '1970-01-01' };
    const carerBody = { carer_type: 1, first_name: 'Taken', last_name: 'Over' };
    return [
      { method: 'GET', route: '/api/patients/:id/', url: patient },
      { method: 'PUT', route: '/api/patients/:id/', url: patient, body },
      { method: 'PATCH', route: '/api/patients/:id/', url: patient, body: { city: 'Elsewhere' } },
      { method: 'DELETE', route: '/api/patients/:id/', url: patient },
      { method: 'GET', route: '/api/patients/:id/carers/', url: `${patient}carers/` },
      { method: 'POST', route: '/api/patients/:id/carers/', url: `${patient}carers/`, body: carerBody },
      { method: 'PUT', route: '/api/patients/:id/carers/:carerId/', url: carer, body: carerBody },
      { method: 'PATCH', route: '/api/patients/:id/carers/:carerId/', url: carer, body: { relation: 'X' } },
      { method: 'DELETE', route: '/api/patients/:id/carers/:carerId/', url: carer },
      { method: 'GET', route: '/api/patients/:id/mrn/', url: `${patient}mrn/` },
      { method: 'POST', route: '/api/patients/:id/mrn/', url: `${patient}mrn/`, body: { number: 'B-1' } },
      { method: 'PUT', route: '/api/patients/:id/mrn/:mrnId/', url: mrn, body: { number: 'B-2' } },
      { method: 'DELETE', route: '/api/patients/:id/mrn/:mrnId/', url: mrn },
    ];
  }

  /** The doctor directory: A's own directory, and a shared entry only A may change. */
  function directoryMatrix(): ReturnType<typeof matrix> {
    const doctor = { first_name: 'Taken', last_name: 'Over', role: 'HCP', postcode: '2000' };
    const entry = `/api/directory/${estA.id}/doctors/${directoryDoctorA}/`;
    return [
      { method: 'GET', route: '/api/doctors/:id/', url: `/api/doctors/${directoryDoctorA}/` },
      { method: 'PUT', route: '/api/doctors/:id/', url: `/api/doctors/${sharedDoctorByA}/`, body: doctor },
      { method: 'DELETE', route: '/api/doctors/:id/', url: `/api/doctors/${sharedDoctorByA}/` },
      { method: 'GET', route: '/api/directory/:est/doctors/', url: `/api/directory/${estA.id}/doctors/` },
      {
        method: 'POST',
        route: '/api/directory/:est/doctors/',
        url: `/api/directory/${estA.id}/doctors/`,
        body: doctor,
      },
      { method: 'GET', route: '/api/directory/:est/doctors/:id/', url: entry },
      { method: 'PUT', route: '/api/directory/:est/doctors/:id/', url: entry, body: doctor },
      { method: 'DELETE', route: '/api/directory/:est/doctors/:id/', url: entry },
    ];
  }

  /** Routes whose id is not tenant data: public images of approved establishments, a patient's own reports. */
  // The platform administrators decide on every establishment by design; anyone else gets 403 there
  // (approval-queue-routes.test.ts), whichever establishment they hold.
  const NOT_TENANT_DATA = [
    'GET /api/public/establishments/:id/branding-logo/',
    // What a published referral portal shows anyone; one switched off answers 404 (portals tests).
    'GET /api/public/establishments/:id/branding/',
    'GET /api/public/establishments/:id/form-templates/',
    // Health networks: what a published network portal shows anyone, and the platform administrators'
    // own records, which no establishment holds (portals/networks/health-networks.test.ts).
    'GET /api/public/organisations/:id/',
    'GET /api/public/organisations/:id/establishments/',
    'GET /api/public/organisation/:id/branding/',
    'GET /api/public/organisation/:id/logo/',
    'GET /api/public/branding/:id/',
    'GET /api/public/health-network/:host/',
    'GET /api/platform/health-networks/:id/',
    'PUT /api/platform/health-networks/:id/',
    'POST /api/platform/health-networks/:id/logo/',
    'DELETE /api/platform/health-networks/:id/logo/',
    // A network's waiting times: aggregates across the establishments that share them with it, for the
    // platform administrators only (analytics/analytics.test.ts).
    'GET /api/platform/health-networks/:id/analytics/',
    'POST /api/platform/establishments/:id/approve/',
    'POST /api/platform/establishments/:id/verify/',
    // A patient's own report is the account's, not an establishment's: my-referrals.test.ts proves that
    // every other account, a professional's included, gets the 404 of a missing one.
    'GET /api/my/reports/:id/',
    // A launch from a clinical record is its person's own, whichever establishment they act for:
    // clinical-record-launch.test.ts proves that anyone else gets the 404 of a missing one.
    'POST /api/clinical-record/launches/:id/referral/',
  ];

  const PORTAL_DRAFTS = '/api/public/establishments/:id/referrals/';

  it('covers every route that takes an id', () => {
    const covered = new Set(matrix().map((entry) => `${entry.method} ${entry.route}`));
    const withId = t.app.routeAccess
      .filter((route) => route.url.includes('/:'))
      // Referrals have sides and read-only sharing: referrals/referral-tenancy.test.ts covers them.
      .filter((route) => !REFERRAL_MATRIX_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
      // A portal draft is opened by its secret, not by the caller's establishment: a wrong secret, another
      // portal's draft or another draft's file answer the same 404 (portals/external/external-drafts.test.ts).
      .filter((route) => !route.url.startsWith(PORTAL_DRAFTS))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_TENANT_DATA.includes(route));
    expect(withId.filter((route) => !covered.has(route))).toEqual([]);
  });

  async function snapshot() {
    const db = t.database.db;
    return JSON.stringify([
      await db.select().from(establishments).orderBy(asc(establishments.id)),
      await db.select().from(employments).orderBy(asc(employments.id)),
      await db.select().from(users).orderBy(asc(users.id)),
      await db.select().from(specialties).orderBy(asc(specialties.id)),
      await db.select().from(outgoingMail).orderBy(asc(outgoingMail.id)),
      await db.select().from(directoryDoctors).orderBy(asc(directoryDoctors.id)),
      await db.select().from(patients).orderBy(asc(patients.id)),
      await db.select().from(carers).orderBy(asc(carers.id)),
      await db.select().from(patientMrns).orderBy(asc(patientMrns.id)),
      await db.select().from(importItems).orderBy(asc(importItems.id)),
      await db.select().from(importItemFiles).orderBy(asc(importItemFiles.id)),
      await db.select().from(importActivity).orderBy(asc(importActivity.id)),
      await db.select().from(backendClients).orderBy(asc(backendClients.client_id)),
    ]);
  }

  function send(api: Api, entry: ReturnType<typeof matrix>[number]) {
    if (!entry.multipart) return api(entry.method, entry.url, entry.body);
    const boundary = 'tenancy-matrix-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PIXEL_PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: entry.method,
      url: entry.url,
      headers: {
        ...api.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
  }

  for (const who of ['the account holder', 'a GP'] as const) {
    it(`answers ${who} of establishment B 404 for each of A’s objects, changing nothing`, async () => {
      const api = who === 'the account holder' ? holderB : gpB;
      const before = await snapshot();
      for (const entry of matrix()) {
        const response = await send(api, entry);
        expect(response.statusCode, `${entry.method} ${entry.url}`).toBe(404);
        expect(response.json(), `${entry.method} ${entry.url}`).toEqual({ detail: 'Not found.' });
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('answers the same 404 for a missing id as for another establishment’s', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const mine = await holderB('GET', `/api/admin/users/${gpAJob.id}/`);
    const none = await holderB('GET', `/api/admin/users/${missing}/`);
    expect([mine.statusCode, mine.body]).toEqual([none.statusCode, none.body]);
  });

  it('refuses to act on another establishment through an id in the body', async () => {
    const before = await snapshot();
    const switched = await gpB('POST', '/api/profile/set-establishment/', { establishment_id: estA.id });
    expect(switched.statusCode).toBe(404);
    const access = await gpB('PUT', '/api/profile/special-access/', [
      { employment_id: gpAJob.id, head_of_department_requested: true, special_access_requested: true },
    ]);
    expect(access.statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
