import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { formTemplates, referralAttachments, referrals } from '../../../db/schema/referrals.ts';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { referralParties, type ReferralParties } from '../referral-test-parties.ts';
import { uploadAs } from '../attachments/attachment-test-helpers.ts';

describe('referral forms (section 7 form-templates and forms; section 4 Hidden form data)', () => {
  let t: TestApp;
  let p: ReferralParties;
  let dataDir: string;
  const stored = async () => (await readdir(path.join(dataDir, 'uploads')).catch(() => [])).length;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'referral-forms-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
    p = await referralParties(t.app, t.database.db);
    const ratings = Object.fromEntries(
      ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => [`D${n}`, `d${n}`]),
    );
    await t.database.db.insert(formTemplates).values([
      {
        establishment_id: p.clinic.id,
        name: 'mental_health',
        title: 'Mental health',
        tmsv: '1.1',
        position: 2,
        sections: [
          {
            title: 'IAR',
            fields: [
              { name: 'age_group', type: 'select', options: ['child', 'adolescent', 'adult', 'older-adult'] },
              ...Object.values(ratings).map((name) => ({
                name,
                type: 'select',
                options: ['0', '1', '2', '3', '4'],
              })),
              {
                name: 'iar_level',
                type: 'calculated',
                autofill: { formula: 'iar', age_group: 'age_group', ratings },
              },
            ],
          },
        ],
      },
      {
        establishment_id: p.clinic.id,
        name: 'cardiology',
        title: 'Cardiology referral',
        tmsv: '1.0',
        position: 1,
        sections: [
          {
            title: 'Measures',
            fields: [
              { name: 'weight', type: 'number' },
              { name: 'height', type: 'number' },
              {
                name: 'bmi',
                type: 'calculated',
                autofill: { formula: 'bmi', weight: 'weight', height: 'height' },
              },
              { name: 'prior_echo', type: 'select', options: ['yes', 'no'] },
              {
                name: 'echo_report',
                type: 'file',
                visibility: { field: 'prior_echo', operator: 'equals', value: 'yes' },
              },
            ],
          },
        ],
      },
      {
        establishment_id: p.clinic.id,
        name: 'retired',
        title: 'Old form',
        is_active: false,
        sections: [],
      },
      { establishment_id: p.practice.id, name: 'practice_form', title: 'Not the receiver’s', sections: [] },
    ]);
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const newDraft = async () => {
    const draft = await p.gp.api('POST', '/api/referrals/', {
      patient: p.patient.id,
      to_establishment: p.clinic.id,
      assignee: p.specialist.user.id,
    });
    return `/api/referrals/${draft.json<{ id: string }>().id}/`;
  };

  it('lists the receiver’s active templates in position order', async () => {
    const base = await newDraft();
    const res = await p.gp.api('GET', `${base}form-templates/`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string }[]>().map((tpl) => tpl.name)).toEqual(['cardiology', 'mental_health']);
    expect(res.json()).toMatchObject([{ tmsv: '1.0', title: 'Cardiology referral' }, { tmsv: '1.1' }]);
    expect((await p.outsider.api('GET', `${base}form-templates/`)).statusCode).toBe(404);
  });

  it('saves a hidden field as null and deletes its file; computes BMI', async () => {
    const base = await newDraft();
    const upload = await uploadAs(t.app, p.gp, `${base}referrer-attachments/`, {
      fields: { field: 'echo_report' },
    });
    expect(upload.statusCode).toBe(201);
    const attachmentId = upload.json<{ id: string }>().id;
    const files = await stored();
    const shown = await p.gp.api('PUT', `${base}forms/`, {
      form: 'cardiology',
      fields: { weight: '82', height: '178', bmi: '1', prior_echo: 'yes', echo_report: [attachmentId] },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      forms: { cardiology: { bmi: '25.9', echo_report: [attachmentId] } },
    });
    expect(await stored()).toBe(files);

    const hidden = await p.gp.api('PUT', `${base}forms/`, {
      form: 'cardiology',
      fields: { weight: 82, height: 0, prior_echo: 'no', echo_report: [attachmentId] },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ forms: { cardiology: { bmi: 'NA', echo_report: null } } });
    const read = await p.gp.api('GET', `${base}forms/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(hidden.json());
    expect((await p.outsider.api('GET', `${base}forms/`)).statusCode).toBe(404);
    const id = base.split('/')[3] ?? '';
    const [row] = await t.database.db.select().from(referrals).where(eq(referrals.id, id));
    expect(row?.forms).toMatchObject({ cardiology: { prior_echo: 'no', echo_report: null } });
    expect(
      await t.database.db.select().from(referralAttachments).where(eq(referralAttachments.id, attachmentId)),
    ).toEqual([]);
    expect(await stored()).toBe(files - 1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, id));
    expect(audit.map((entry) => entry.action)).toContain('referral.forms.update');
  });

  it('reads the form data back for both sides, and 404 for outsiders', async () => {
    const base = await newDraft();
    await p.gp.api('PUT', `${base}forms/`, { form: 'cardiology', fields: { weight: 70, height: 175 } });
    const own = await p.gp.api('GET', `${base}forms/`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ forms: { cardiology: { weight: 70, bmi: '22.9' } } });
    await p.gp.api('POST', `${base}submit/`);
    const received = await p.specialist.api('GET', `${base}forms/`);
    expect(received.json()).toMatchObject({ forms: { cardiology: { bmi: '22.9' } } });
    expect((await p.outsider.api('GET', `${base}forms/`)).statusCode).toBe(404);
  });

  it('computes the IAR level and keeps the other forms', async () => {
    const base = await newDraft();
    await p.gp.api('PUT', `${base}forms/`, { form: 'cardiology', fields: { weight: 70, height: 175 } });
    const ratings = { d1: '3', d2: '2', d3: '0', d4: '1', d5: '0', d6: '0', d7: '0', d8: '0' };
    const res = await p.gp.api('PUT', `${base}forms/`, {
      form: 'mental_health',
      fields: { age_group: 'adult', ...ratings },
    });
    expect(res.json()).toMatchObject({
      forms: { cardiology: { bmi: '22.9' }, mental_health: { iar_level: 'High or above (Level 4+)' } },
    });
  });

  it('refuses unknown forms and fields, other sides and submitted referrals', async () => {
    const base = await newDraft();
    const unknown = await p.gp.api('PUT', `${base}forms/`, { form: 'retired', fields: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ form: ['This form is not one of the receiver’s.'] });
    const badField = await p.gp.api('PUT', `${base}forms/`, {
      form: 'cardiology',
      fields: { nope: 1, prior_echo: 'maybe' },
    });
    expect(badField.json()).toEqual({
      nope: ['This field is not in the form.'],
      prior_echo: ['Select a valid choice.'],
    });
    await p.gp.api('POST', `${base}submit/`);
    const late = await p.gp.api('PUT', `${base}forms/`, { form: 'cardiology', fields: {} });
    expect(late.statusCode).toBe(409);
    expect(
      (await p.specialist.api('PUT', `${base}forms/`, { form: 'cardiology', fields: {} })).statusCode,
    ).toBe(403);
    expect(
      (await p.outsider.api('PUT', `${base}forms/`, { form: 'cardiology', fields: {} })).statusCode,
    ).toBe(404);
  });
});
