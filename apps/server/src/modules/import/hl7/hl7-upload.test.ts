import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.ts';
import { auditLog } from '../../../db/schema/audit-log.ts';
import { importActivity, importItemFiles, importItems } from '../../../db/schema/imports.ts';
import type { ImportItem } from '@referrals/domain/imports/import-schemas';
import type { Person } from '../../establishments/establishment-test-people.ts';
import { queueParties, type QueueParties } from '../queue/import-queue-test-setup.ts';
import { SAMPLE, sampleReferral } from './hl7-test-messages.ts';

describe('an HL7 v2 file dropped into the import queue (POST import/hl7/)', () => {
  let t: TestApp;
  let q: QueueParties;
  const uploads = () => readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[]);

  /** A multipart upload of one .hl7 file, as the queue screen's drop zone sends it. */
  function upload(who: Person, content: Buffer | string) {
    const boundary = 'hl7-upload-boundary';
    return t.app.inject({
      method: 'POST',
      url: '/api/import/hl7/',
      headers: {
        authorization: `Bearer ${who.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="referral.hl7"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  beforeAll(async () => {
    t = await buildTestApp();
    q = await queueParties(t.app, t.database.db);
  });
  afterAll(() => t.app.close());

  it('makes the message an item of the uploader’s establishment, once, with the uploader on record', async () => {
    // MSH-6 names another establishment: whoever drops the file decides whose queue it is for.
    const text = sampleReferral({ receiver: 'somewhere-else' });
    const first = await upload(q.manager, text);
    expect(first.statusCode).toBe(201);
    const { id, created } = first.json<{ id: string; created: boolean }>();
    expect(created).toBe(true);
    const [item] = await t.database.db.select().from(importItems).where(eq(importItems.id, id));
    expect(item).toMatchObject({ establishment_id: q.clinic.id, kind: 'hl7' });
    expect(item?.message_details?.patient).toMatchObject({ last_name: SAMPLE.lastName, ihi: SAMPLE.ihi });
    expect(
      await t.database.db.select().from(importItemFiles).where(eq(importItemFiles.item_id, id)),
    ).toHaveLength(1);
    expect(
      await t.database.db.select().from(importActivity).where(eq(importActivity.item_id, id)),
    ).toMatchObject([{ action: 'received', actor_id: q.manager.user.id }]);
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.resource_id, id))).toMatchObject([
      { action: 'import.receive', actor_id: q.manager.user.id, establishment_id: q.clinic.id },
    ]);

    const files = (await uploads()).length;
    const again = await upload(q.specialist, text);
    expect([again.statusCode, again.json()]).toEqual([200, { id, created: false }]);
    expect((await uploads()).length).toBe(files);
  });

  it('converts into a MANUAL referral with what the message said and its PDF', async () => {
    const uploaded = await upload(q.manager, sampleReferral());
    const { id } = uploaded.json<{ id: string }>();
    const item = (await q.manager.api('GET', `/api/import/email/${id}/`)).json<ImportItem>();
    const { patient, referrer, referral } = item.message_details!;
    const converted = await q.manager.api('POST', `/api/import/hl7/${id}/convert/`, {
      new_patient: {
        first_name: patient.first_name,
        last_name: patient.last_name,
        dob: patient.dob,
        ihi: patient.ihi,
        pub_insurance_details: patient.medicare_number,
        medicare_ref_num: patient.medicare_ref_num,
      },
      referrer: { ...referrer, role: 'GP' },
      referrer_message: referral.reason,
    });
    expect(converted.statusCode, converted.body).toBe(201);
    const referralId = converted.json<{ id: string }>().id;
    expect(converted.json()).toMatchObject({
      type: 'MANUAL',
      manual_referrer: { last_name: 'Okafor', provider_number: SAMPLE.providerNumber },
      referrer_message: 'Exertional chest pain',
    });
    const attachments = await q.manager.api('GET', `/api/referrals/${referralId}/referrer-attachments/`);
    expect(attachments.json()).toMatchObject({ results: [{ original_name: 'referral-letter.pdf' }] });
  });

  it('refuses what the listener would answer AR with the reason on file, storing nothing', async () => {
    const before = { items: await t.database.db.select().from(importItems), files: await uploads() };
    const cases: [Buffer | string, string][] = [
      [sampleReferral({ dob: '' }), "PID-7: the patient's date of birth is required."],
      [sampleReferral({ messageType: 'ORU^R01' }), 'MSH-9: only REF^I12 is taken, not ORU^R01.'],
      ['Dear Dr Hart, please see Mrs Citizen.', 'Not an HL7 v2 message: it must begin with an MSH segment.'],
      [Buffer.from([0x4d, 0x53, 0x48, 0xff, 0xfe]), 'The file is not UTF-8 text.'],
      ['', 'The file is empty.'],
    ];
    for (const [content, reason] of cases) {
      const res = await upload(q.manager, content);
      expect([res.statusCode, res.json()]).toEqual([400, { file: [reason] }]);
    }
    expect(await t.database.db.select().from(importItems)).toEqual(before.items);
    expect(await uploads()).toEqual(before.files);
  });

  it('is for those who work the queue: anyone else gets 403', async () => {
    const res = await upload(q.sender, sampleReferral());
    expect([res.statusCode, res.json()]).toEqual([
      403,
      { detail: 'You do not have permission to perform this action.' },
    ]);
  });
});
