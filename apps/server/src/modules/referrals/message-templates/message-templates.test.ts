import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';

const url = '/api/referrals/templates/messages/';
type Template = { id: string; name: string; body: string; message_type: { value: string } };

describe('message templates: each establishment its own', () => {
  let t: TestApp;
  let p: ReferralParties;
  beforeAll(async () => {
    t = await buildTestApp();
    p = await referralParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  it('lets the clinic add, list by type, replace and delete its templates, each change audited', async () => {
    const created = await p.specialist.api('POST', url, {
      name: '  Booked ',
      body: 'Your patient is booked; please send recent bloods.',
      message_type: 'triage',
    });
    expect(created.statusCode).toBe(201);
    const booked = created.json<Template>();
    expect(booked).toMatchObject({
      name: 'Booked',
      message_type: { value: 'triage', display: 'Triage message to the referrer' },
    });
    await p.triageNurse.api('POST', url, {
      name: 'Not our service',
      body: 'Please refer to ...',
      message_type: 'return',
    });

    const triage = await p.triageNurse.api('GET', `${url}?message_type=triage`);
    expect(triage.json<{ count: number; results: Template[] }>()).toMatchObject({
      count: 1,
      results: [{ id: booked.id, name: 'Booked' }],
    });
    expect(
      (await p.specialist.api('GET', url)).json<{ results: Template[] }>().results.map((r) => r.name),
    ).toEqual(['Booked', 'Not our service']);

    const replaced = await p.triageNurse.api('PUT', `${url}${booked.id}/`, {
      name: 'Booked, bring ECG',
      body: 'Booked. Please bring the latest ECG.',
      message_type: 'triage',
    });
    expect(replaced.json()).toMatchObject({ id: booked.id, name: 'Booked, bring ECG' });
    expect((await p.specialist.api('DELETE', `${url}${booked.id}/`)).statusCode).toBe(204);
    expect((await p.specialist.api('GET', `${url}?message_type=triage`)).json().count).toBe(0);

    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'message-template.%'));
    expect(audited.map((row) => row.action).sort()).toEqual([
      'message-template.create',
      'message-template.create',
      'message-template.delete',
      'message-template.update',
    ]);
  });

  it('shows the practice none of the clinic’s templates and answers 404 for them', async () => {
    const clinics = (
      await p.specialist.api('POST', url, { name: 'Clinic only', body: 'Text', message_type: 'return' })
    ).json<Template>();
    expect((await p.gp.api('GET', url)).json().count).toBe(0);
    const change = await p.gp.api('PUT', `${url}${clinics.id}/`, {
      name: 'Mine',
      body: 'x',
      message_type: 'return',
    });
    expect(change.statusCode).toBe(404);
    expect((await p.gp.api('DELETE', `${url}${clinics.id}/`)).statusCode).toBe(404);
    expect(
      (await p.specialist.api('GET', url)).json<{ results: Template[] }>().results.map((r) => r.name),
    ).toContain('Clinic only');
  });

  it('names the field of a missing name, an unknown type or an empty body', async () => {
    const res = await p.gp.api('POST', url, { name: ' ', body: '', message_type: 'thanks' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['body', 'message_type', 'name']);
  });
});
