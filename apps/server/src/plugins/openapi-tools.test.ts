import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

type LintProblem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const lintConfig = path.resolve(import.meta.dirname, '../../redocly.yaml');

/** What API client developers run on /api/openapi.json: Redocly's lint, and openapi-typescript for types. */
describe('the OpenAPI document, as client tools read it', () => {
  let t: TestApp;
  let document: Record<string, unknown>;
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.app.close());

  it('passes Redocly lint with the recommended rules, without errors', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(document));
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [redocly, 'lint', file, '--config', lintConfig, '--format', 'json'],
        // Offline and quiet: no telemetry, no update check against the registry.
        { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const problems = (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
      const described = problems.map(
        (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
      );
      console.info(`Redocly lint:\n${described.join('\n') || 'no problems'}`);
      expect(described.filter((line) => line.startsWith('error'))).toEqual([]);
      // The warnings left are the spec's own paths: establishments/by-slug/{slug}/ beside
      // establishments/{id}/branding-logo/, invitations/ and backend-clients/, and reports/templates/{id}/
      // beside reports/{id}/upload/, attachments/ and signature/ (ids are UUIDs, so neither "by-slug" nor
      // "templates" is ever an id), plus the missing 4XX of the health check and of the maintenance page's
      // status (public, taking nothing, so nothing can be refused) and the licence. Any other warning is new
      // and fails here.
      expect(problems.length).toBeLessThanOrEqual(9);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives openapi-typescript a named type for each main shape and error body', async () => {
    const types = astToString(await openapiTS(document as never));
    const start = types.indexOf('export interface components {');
    const components = types.slice(start, types.indexOf('\n}\n', start));
    for (const name of [
      'Patient',
      'PatientPage',
      'Carer',
      'Establishment',
      'EstablishmentPage',
      'Employment',
      'Profile',
      'Doctor',
      'DoctorPage',
      'FieldErrors',
      'Detail',
    ]) {
      expect(components, name).toMatch(new RegExp(`\\n {8}${name}: \\{`));
    }
    const listPatients = types.slice(types.indexOf('    listPatients: {'));
    const ok = listPatients.slice(listPatients.indexOf('200: {'), listPatients.indexOf('400: {'));
    expect(ok).toContain('"application/json": components["schemas"]["PatientPage"];');
  });
});
