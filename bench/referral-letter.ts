// The letters' PDFs: the referral letter (GET referrals/{id}/pdf/) and a clinical report's letter
// (?mode=report&report_id=). First the renderers alone (no database, no HTTP) on realistic two-page letters,
// the report's with a logo and a signature image; then the report's letter as the referrer asks for it
// (app.inject, signed in: visibility, the rows, the audit row, the two images read from DATA_DIR, the
// render) on embedded PGlite or BENCH_DATABASE_URL, with the demo data (where the report it sends stays).
// Each case renders 20 times to warm up, then BENCH_RUNS times (200) one after another, and prints p50,
// p99, letters per second and the CPU a letter took (which other work on the machine does not inflate as it
// does the times); asserts nothing. The goal is well under 100 ms a letter once warm.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { REPORT_WRITABLE_REFERRAL_STATUSES } from '@referrals/domain/reports/report-lifecycle';
import { reportLetterPath } from '@referrals/domain/reports/report-paths';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { openRuntimeDatabase } from '../apps/server/src/db/runtime-role.ts';
import { establishments } from '../apps/server/src/db/schema/establishments.ts';
import { users } from '../apps/server/src/db/schema/people.ts';
import { referrals } from '../apps/server/src/db/schema/referrals.ts';
import { reportFiles, reports } from '../apps/server/src/db/schema/reports.ts';
import { isDatabaseEmpty, seedDemoData } from '../apps/server/src/db/seed/demo-seed.ts';
import { renderReferralLetter } from '../apps/server/src/modules/referrals/letter/referral-letter.ts';
import { SAMPLE_LOGO, SAMPLE_SIGNATURE } from '../apps/server/src/modules/referrals/letter/sample-images.ts';
import { sampleReferralLetter } from '../apps/server/src/modules/referrals/letter/sample-referral-letter.ts';
import { renderReportLetter } from '../apps/server/src/modules/reports/letter/report-letter.ts';
import { sampleReportLetter } from '../apps/server/src/modules/reports/letter/sample-report-letter.ts';
import { SignInClient } from '../apps/server/test/sign-in-client.ts';

const warmUps = 20;
const runs = Number(process.env.BENCH_RUNS ?? 200);
const password = 'bench-password';

/** Times `render` (which returns the PDF's size) and prints its figures under `title`. */
async function timeLetters(title: string, render: () => Promise<number>): Promise<void> {
  let bytes = 0;
  for (let i = 0; i < warmUps; i += 1) bytes = await render();
  const timings: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const begun = performance.now();
    await render();
    timings.push(performance.now() - begun);
  }
  const seconds = (performance.now() - started) / 1000;
  // This process's CPU a letter (PGlite runs in it too): what a letter costs, whatever else the machine runs.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerLetter = (cpu.user + cpu.system) / 1000 / runs;
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(1);
  console.log(`${title} (${(bytes / 1024).toFixed(1)} KB, ${runs} after ${warmUps} to warm up):
  p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${Math.round(runs / seconds)} letters/s, CPU ${cpuPerLetter.toFixed(1)} ms a letter`);
}

const referralLetter = sampleReferralLetter();
await timeLetters('referral letter PDF, renderer only', async () => {
  return (await renderReferralLetter(referralLetter)).length;
});
const reportLetter = sampleReportLetter();
await timeLetters('report letter PDF, renderer only', async () => {
  return (await renderReportLetter(reportLetter)).length;
});
await benchReportLetterRequests();

type Api = (method: 'GET' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** The GP's requests for the report letter's PDF, timed on a report the demo specialist sent. */
async function benchReportLetterRequests() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-bench-letter-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://referrals.bench',
    DEMO_PASSWORD: password,
    DATA_DIR: dataDir,
  });
  const owner = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  await migrateDatabase(owner);
  if (await isDatabaseEmpty(owner.db)) await seedDemoData(owner.db, { demoPassword: password });
  const database = await openRuntimeDatabase(owner);
  const app = await buildApp(config, { database });
  const signIn = async (email: string): Promise<Api> => {
    const token = await new SignInClient(app).signIn(email, password);
    const accessToken = String(token.json<{ access_token: string }>().access_token);
    return (method, url, payload) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${accessToken}` } });
  };
  let restore = () => Promise.resolve();
  try {
    const sent = await sendDemoReport(owner, signIn, dataDir);
    restore = sent.restore;
    const asGp = await signIn('gp@demo.test');
    await timeLetters(`GET report letter PDF signed in, in-process (${database.kind})`, async () => {
      const res = await asGp('GET', sent.url);
      if (res.statusCode !== 200) throw new Error(`report letter: ${res.statusCode} ${res.body}`);
      return res.rawPayload.length;
    });
  } finally {
    await restore();
    await app.close();
    await database.close();
    if (owner !== database) await owner.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The demo specialist's report on a referral from the demo GP, sent with the sample letter's title and
 * body, a signature and three files, under the clinic's logo; its letter's address, and how to put the
 * clinic's logo and the specialist's establishment back (the report stays, as a sent report does).
 */
async function sendDemoReport(
  owner: DatabaseHandle,
  signIn: (email: string) => Promise<Api>,
  dataDir: string,
) {
  const [gp] = await owner.db.select().from(users).where(eq(users.email, 'gp@demo.test'));
  const [specialist] = await owner.db.select().from(users).where(eq(users.email, 'specialist@demo.test'));
  const [referral] = await owner.db
    .select()
    .from(referrals)
    .where(
      and(
        eq(referrals.referrer_id, gp?.id ?? ''),
        eq(referrals.assignee_id, specialist?.id ?? ''),
        inArray(referrals.status, [...REPORT_WRITABLE_REFERRAL_STATUSES]),
      ),
    );
  const clinicId = referral?.to_establishment_id;
  if (!referral || !clinicId || !specialist)
    throw new Error('no demo referral from the GP to the specialist');
  const [clinic] = await owner.db.select().from(establishments).where(eq(establishments.id, clinicId));
  const setLogo = (logo: string | null) =>
    owner.db.update(establishments).set({ branding_logo: logo }).where(eq(establishments.id, clinicId));
  const setCurrent = (id: string | null) =>
    owner.db.update(users).set({ current_establishment_id: id }).where(eq(users.id, specialist.id));
  const restore = async () => {
    await setLogo(clinic?.branding_logo ?? null);
    await setCurrent(specialist.current_establishment_id);
  };
  // The specialist writes as the clinic the referral went to, not from their personal space.
  await setCurrent(clinicId);
  const asSpecialist = await signIn('specialist@demo.test');
  const created = await asSpecialist('POST', `/api/referrals/${referral.id}/reports/`, {
    title: reportLetter.title,
    report_body: reportLetter.report_body,
  });
  if (created.statusCode !== 201) throw new Error(`report: ${created.statusCode} ${created.body}`);
  const reportId = created.json<{ id: string }>().id;
  const stored = (bytes: Buffer) => {
    const name = `${randomUUID()}.png`;
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', name), bytes);
    return name;
  };
  await setLogo(stored(SAMPLE_LOGO));
  await owner.db
    .update(reports)
    .set({ signature_image: stored(SAMPLE_SIGNATURE) })
    .where(eq(reports.id, reportId));
  const files = [
    ...reportLetter.uploads.map((file) => ({ ...file, kind: 'upload' })),
    ...reportLetter.attachments.map((file) => ({ ...file, kind: 'attachment' })),
  ];
  await owner.db.insert(reportFiles).values(
    files.map((file) => ({
      report_id: reportId,
      kind: file.kind,
      original_name: file.original_name,
      stored_name: `${randomUUID()}.pdf`,
      content_type: 'application/pdf',
      size: 1024,
    })),
  );
  const submitted = await asSpecialist('POST', `/api/referrals/${referral.id}/reports/${reportId}/submit/`);
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
  return { url: reportLetterPath(referral.id, reportId), restore };
}
