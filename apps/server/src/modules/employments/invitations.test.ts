import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { linkIn, readMailbox } from '../../../test/mailbox.ts';
import { signedInAs } from '../../../test/sign-in-client.ts';
import {
  createEmployment,
  createEstablishment,
  createPatient,
  type Establishment,
  type User,
} from '../../db/factories/factories.ts';
import { employments, users } from '../../db/schema/people.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { VERIFY_EMAIL_FIRST_MESSAGE } from './employment-changes.ts';
import {
  allEmployments,
  auditedActions,
  createPerson,
  employmentRow,
  signIn,
  type Api,
} from './employment-test-fixtures.ts';
import {
  ALREADY_ON_STAFF_MESSAGE,
  NOT_APPROVED_INVITE_MESSAGE,
  NOT_INVITABLE_MESSAGE,
} from './invitations.ts';

const NEW_PASSWORD = 'invited person chooses this one';
const DAY_MS = 24 * 60 * 60_000;

describe('inviting staff by email (POST establishments/{id}/invitations/)', () => {
  let t: TestApp;
  let dataDir: string;
  let practice: Establishment;
  let holder: User;
  let holderApi: Api;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-invitations-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    practice = await createEstablishment(t.database.db, { name: 'Harbourside Family Medical Practice' });
    holder = await createPerson(t.database.db, {
      role: 'PM',
      title: 'MRS',
      first_name: 'Karen',
      last_name: "O'Brien",
    });
    await createEmployment(t.database.db, {
      user_id: holder.id,
      establishment_id: practice.id,
      is_account_holder: true,
    });
    holderApi = await signIn(t.app, holder);
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let sequence = 0;
  const freshEmail = () => `invitee.${Date.now()}.${++sequence}@clinic.example`;
  const inviteTo = (api: Api, establishmentId: string, body: Record<string, unknown>) =>
    api('POST', `/api/establishments/${establishmentId}/invitations/`, {
      first_name: 'Priya',
      last_name: 'Raman',
      role: 'SP',
      ...body,
    });
  const mailsTo = async (email: string) => (await readMailbox(t.app)).filter((m) => m.to === email);
  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };

  it('creates a password-less account for a new address, emails the link, and the invitee signs up, verifies and accepts', async () => {
    const patient = await createPatient(t.database.db, { establishment_id: practice.id });
    const email = freshEmail();
    const res = await inviteTo(holderApi, practice.id, { email: email.toUpperCase(), title: 'DR' });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({
      status: { value: 'INVITED', display: 'Invited' },
      priority: 2,
      is_account_holder: false,
      is_verified_employee: false,
      permissions: ['manage_referral', 'add_referral', 'accept_referral'],
      user: { email, first_name: 'Priya', last_name: 'Raman', role: { value: 'SP' }, title: 'DR' },
    });
    const expires = new Date(member.invite_expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);

    const account = await userByEmail(email);
    expect(account).toMatchObject({
      password_hash: null,
      registration_completed: false,
      role: 'SP',
      user_type: 'provider',
    });
    expect(await employmentRow(t.database.db, member.id)).toMatchObject({
      user_id: account?.id,
      status: 'INVITED',
      actioned_by: 'ESTABLISHMENT',
      invited_by_id: holder.id,
    });
    expect(await auditedActions(t.database.db, member.id)).toEqual(['employment.invite']);

    const [mail, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(
      "Mrs Karen O'Brien invited you to join Harbourside Family Medical Practice on Referrals",
    );
    expect(mail?.text).toContain(
      "Mrs Karen O'Brien invited you to join Harbourside Family Medical Practice on Referrals.",
    );
    expect(mail?.text).toContain(`First create one with this email address (${email})`);
    expect(mail?.text).toContain('http://referrals.test/auth/signup');
    const link = linkIn(mail, 'http://referrals.test/review-invite/');
    expect(link).toBe(`http://referrals.test/review-invite/${member.id}`);
    for (const text of [mail?.text ?? '', mail?.html ?? '']) {
      expect(text).not.toContain(patient.last_name);
      expect(text).not.toContain(patient.email ?? '@mail.example');
    }

    // Signing up with the invited address claims the account rather than refusing it.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        first_name: 'Priya',
        last_name: 'Raman',
        email,
        password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      }).toString(),
    });
    expect(signUp.statusCode).toBe(200);
    const claimed = await userByEmail(email);
    expect(claimed?.id).toBe(account?.id);
    expect(await verifyPassword(claimed?.password_hash ?? null, NEW_PASSWORD)).toBe(true);
    expect(claimed?.email_verified_at).toBeNull();
    expect((await employmentRow(t.database.db, member.id))?.status).toBe('INVITED');
    expect(await auditedActions(t.database.db, account?.id ?? '')).toContain('auth.sign-up');

    // The link's page reads the invitation; answering waits for the address to be verified.
    const invitee = await signedInAs(t.app, email, NEW_PASSWORD);
    const page = await invitee('GET', `/api/profile/employments/${member.id}/`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      status: { value: 'INVITED' },
      establishment: { id: practice.id, name: practice.name },
      invited_by: "Mrs Karen O'Brien",
      priority_on_accept: 1,
    });
    const early = await invitee('POST', `/api/profile/employments/${member.id}/accept/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(VERIFY_EMAIL_FIRST_MESSAGE);

    const verification = (await mailsTo(email)).find((m) => m.subject.startsWith('Verify'));
    const verified = await t.app.inject({
      method: 'GET',
      url: pathOf(linkIn(verification, 'http://referrals.test/auth/verify-email?token=')),
    });
    expect(verified.statusCode).toBe(200);
    const accepted = await invitee('POST', `/api/profile/employments/${member.id}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ priority: 1, status: { value: 'APPROVED' } });
  });

  it('gives an invited PA the PA notification defaults and an invited GPP none (section 5 Profile save)', async () => {
    const profileOfInvited = async (role: 'PA' | 'GPP') => {
      const email = freshEmail();
      expect((await inviteTo(holderApi, practice.id, { email, role })).statusCode).toBe(201);
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/auth/signup',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          first_name: 'Priya',
          last_name: 'Raman',
          email,
          password: NEW_PASSWORD,
          confirm_password: NEW_PASSWORD,
        }).toString(),
      });
      expect(signUp.statusCode).toBe(200);
      const invitee = await signedInAs(t.app, email, NEW_PASSWORD);
      return (await invitee('GET', '/api/profile/')).json<Record<string, unknown>>();
    };
    const flagsOn = (profile: Record<string, unknown>) =>
      Object.keys(profile).filter((key) => key.startsWith('email_') && profile[key] === true);

    const assistant = await profileOfInvited('PA');
    expect(assistant).toMatchObject({
      role: { value: 'PA' },
      email_my_referral: false,
      email_urgent_referral: true,
      email_my_report: false,
    });
    expect(flagsOn(assistant)).toEqual(['email_urgent_referral']);
    expect(flagsOn(await profileOfInvited('GPP'))).toEqual([]);
  });

  it('invites an existing account without changing its role; its owner signs in and accepts', async () => {
    const existing = await createPerson(t.database.db, { role: 'GP', first_name: 'Sarah' });
    await createEmployment(t.database.db, {
      user_id: existing.id,
      establishment_id: (await createEstablishment(t.database.db)).id,
    });
    const usersBefore = await t.database.db.select({ id: users.id }).from(users);

    const res = await inviteTo(holderApi, practice.id, { email: existing.email, role: 'PM' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: { id: existing.id, first_name: 'Sarah', role: { value: 'GP' } },
      permissions: ['manage_referral', 'add_referral'],
    });
    expect((await userByEmail(existing.email))?.role).toBe('GP');
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(usersBefore.length);

    const [mail] = await mailsTo(existing.email);
    expect(mail?.text).toContain('Sign in to Referrals to accept or decline the invitation.');
    expect(mail?.text).not.toContain('/auth/signup');
    const id = linkIn(mail, 'http://referrals.test/review-invite/').split('/').at(-1) ?? '';

    const owner = await signIn(t.app, existing);
    expect((await owner('GET', `/api/profile/employments/${id}/`)).json()).toMatchObject({
      priority_on_accept: 2,
    });
    const accepted = await owner('POST', `/api/profile/employments/${id}/accept/`);
    expect(accepted.json()).toMatchObject({ priority: 2, status: { value: 'APPROVED' } });
  });

  it('refuses someone who already belongs, has asked or has been invited (400), sending nothing', async () => {
    const member = await createPerson(t.database.db);
    await createEmployment(t.database.db, {
      user_id: member.id,
      establishment_id: practice.id,
      status: 'REQUESTED',
      priority: 2,
    });
    const res = await inviteTo(holderApi, practice.id, { email: member.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [ALREADY_ON_STAFF_MESSAGE] });
    expect(await mailsTo(member.email)).toEqual([]);

    const email = freshEmail();
    expect((await inviteTo(holderApi, practice.id, { email })).statusCode).toBe(201);
    const twice = await inviteTo(holderApi, practice.id, { email });
    expect(twice.json()).toEqual({ email: [ALREADY_ON_STAFF_MESSAGE] });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('invites again once an earlier invitation lapsed, writing the old one INVITE_EXPIRED', async () => {
    const person = await createPerson(t.database.db);
    const lapsed = await createEmployment(t.database.db, {
      user_id: person.id,
      establishment_id: practice.id,
      status: 'INVITED',
      priority: 2,
      invite_expires_at: new Date(Date.now() - 1000),
    });
    const res = await inviteTo(holderApi, practice.id, { email: person.email });
    expect(res.statusCode).toBe(201);
    expect((await employmentRow(t.database.db, lapsed.id))?.status).toBe('INVITE_EXPIRED');
  });

  it('does not invite patients’ addresses, nor to an establishment not yet approved', async () => {
    const patientAccount = await createPerson(t.database.db, { user_type: 'patient', role: null });
    const res = await inviteTo(holderApi, practice.id, { email: patientAccount.email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [NOT_INVITABLE_MESSAGE] });

    const unapproved = await createEstablishment(t.database.db, { is_approved: false });
    const founder = await createPerson(t.database.db, { role: 'PM' });
    await createEmployment(t.database.db, {
      user_id: founder.id,
      establishment_id: unapproved.id,
      is_account_holder: true,
    });
    const email = freshEmail();
    const refused = await inviteTo(await signIn(t.app, founder), unapproved.id, { email });
    expect(refused.json()).toEqual({ non_field_errors: [NOT_APPROVED_INVITE_MESSAGE] });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('answers 403 to staff who are not the account holder and 404 to everyone else, creating nothing', async () => {
    const staff = await createPerson(t.database.db);
    await createEmployment(t.database.db, { user_id: staff.id, establishment_id: practice.id, priority: 2 });
    const outsider = await createPerson(t.database.db, { role: 'PM' });
    const elsewhere = await createEstablishment(t.database.db);
    await createEmployment(t.database.db, {
      user_id: outsider.id,
      establishment_id: elsewhere.id,
      is_account_holder: true,
    });
    const before = await allEmployments(t.database.db);
    const email = freshEmail();

    const asStaff = await inviteTo(await signIn(t.app, staff), practice.id, { email });
    expect(asStaff.statusCode).toBe(403);
    const outsiderApi = await signIn(t.app, outsider);
    for (const id of [practice.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await inviteTo(outsiderApi, id, { email });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await allEmployments(t.database.db)).toEqual(before);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
    expect(
      await t.database.db.select().from(employments).where(eq(employments.invited_by_id, outsider.id)),
    ).toEqual([]);
  });
});
