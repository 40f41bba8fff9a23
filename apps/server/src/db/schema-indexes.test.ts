import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from './database.ts';
import * as auditLog from './schema/audit-log.ts';
import * as auth from './schema/auth.ts';
import * as caseConferences from './schema/case-conferences.ts';
import * as clinicalRecord from './schema/clinical-record.ts';
import * as establishments from './schema/establishments.ts';
import * as externalAccess from './schema/external-access.ts';
import * as jobs from './schema/jobs.ts';
import * as mail from './schema/mail.ts';
import * as patients from './schema/patients.ts';
import * as people from './schema/people.ts';
import * as referrals from './schema/referrals.ts';
import * as reports from './schema/reports.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

const schemaModules = [
  auditLog,
  auth,
  caseConferences,
  clinicalRecord,
  establishments,
  externalAccess,
  jobs,
  mail,
  patients,
  people,
  referrals,
  reports,
];

/** Every index the schema declares, as `table.index`. */
function declaredIndexes(): string[] {
  return schemaModules
    .flatMap((module): unknown[] => Object.values(module))
    .filter((value): value is PgTable => value instanceof PgTable)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.indexes.map((index) => `${config.name}.${index.config.name}`);
    });
}

// A migration is SQL written beside the schema; when the two part, queries plan against indexes that are
// not there (0010 lost five this way and every patient search read a whole establishment).
describe('the migrated database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  it('has every index the schema declares', async () => {
    const rows = await queryRows<{ name: string }>(
      t.database.db,
      sql`select tablename || '.' || indexname as name from pg_indexes where schemaname = 'public'`,
    );
    const present = new Set(rows.map((row) => row.name));
    const declared = declaredIndexes();
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((name) => !present.has(name))).toEqual([]);
  });
});
