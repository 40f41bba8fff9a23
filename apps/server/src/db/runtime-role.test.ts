import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { auditLog } from './schema/audit-log.ts';
import { queryRows, quoteIdentifier, type Database, type DatabaseHandle } from './database.ts';
import { runtimeRoleName, scramVerifier } from './runtime-role.ts';
import { asOwner, workerAppDatabase, workerDatabase } from '../../test/test-database.ts';

const event = { action: 'test.event', resource_type: 'test', outcome: 'success' } as const;

/** The error a statement fails with, or undefined when it succeeds. */
async function failure(handle: DatabaseHandle, statement: string): Promise<string | undefined> {
  return handle.db.transaction((tx) => attempt(tx, statement));
}

/** Runs `statement` inside a savepoint, so its failure leaves the surrounding transaction usable. */
async function attempt(tx: Database, statement: string): Promise<string | undefined> {
  await tx.execute(sql`savepoint attempt`);
  try {
    await tx.execute(sql.raw(statement));
    return undefined;
  } catch (error) {
    await tx.execute(sql`rollback to savepoint attempt`);
    // Drizzle wraps the database's error; its cause carries PostgreSQL's own message.
    const { cause, message } = error as Error & { cause?: Error };
    return cause?.message ?? message;
  }
}

describe('the role the server works as', () => {
  let app: DatabaseHandle;
  beforeAll(async () => {
    app = await workerAppDatabase();
  });

  it('is the database-named runtime role, not the owner of the tables', async () => {
    const role = await runtimeRoleName(app.db);
    const [who] = await queryRows<{ current_user: string; owned: number }>(
      app.db,
      sql`select current_user, (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relowner = (select oid from pg_roles where rolname = current_user)) as owned`,
    );
    expect(who).toEqual({ current_user: role, owned: 0 });
  });

  it('can write and read the audit log but never change, empty or unguard it', async () => {
    await app.db.insert(auditLog).values(event);
    expect((await app.db.select().from(auditLog)).length).toBeGreaterThan(0);
    expect(await failure(app, 'truncate audit_log')).toMatch(/permission denied/);
    expect(await failure(app, 'delete from audit_log')).toMatch(/permission denied/);
    expect(await failure(app, `update audit_log set action = 'forged'`)).toMatch(/permission denied/);
    expect(await failure(app, 'alter table audit_log disable trigger audit_log_append_only')).toMatch(
      /must be owner/,
    );
    expect(await failure(app, 'drop trigger audit_log_no_truncate on audit_log')).toMatch(/must be owner/);
    expect(await failure(app, 'drop table audit_log')).toMatch(/must be owner/);
  });

  it('cannot read its own login password', async () => {
    expect(await failure(app, 'select password from runtime_role.login')).toMatch(/permission denied/);
  });

  it('on PostgreSQL signs in as itself, so not even RESET ROLE gets the owner back', async () => {
    const [session] = await queryRows<{ session_user: string }>(app.db, sql`select session_user`);
    if (app.kind === 'postgres') {
      expect(session?.session_user).toBe(await runtimeRoleName(app.db));
      expect(await failure(app, 'reset role; truncate audit_log')).toMatch(/permission denied/);
    } else {
      // PGlite has one superuser session that the role is set on: the documented limit (docs/security.md).
      expect(session?.session_user).toBe('postgres');
    }
  });
});

describe('the audit log, for its owner', () => {
  it('refuses TRUNCATE with a statement trigger, behind the missing privilege', async () => {
    const owner = await workerDatabase();
    const refused = await asOwner(owner, (tx) => attempt(tx, 'truncate audit_log'));
    expect(refused).toMatch(/append-only: TRUNCATE refused/);
  });
});

describe('the login the runtime role gets', () => {
  it('is set as the same SCRAM verifier PostgreSQL makes of the password itself', async () => {
    const owner = await workerDatabase();
    const role = `scram_check_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(32).toString('hex');
    const stored = await asOwner(owner, async (tx) => {
      await tx.execute(sql`set local password_encryption = 'scram-sha-256'`);
      await tx.execute(sql.raw(`create role ${quoteIdentifier(role)} login password '${password}'`));
      const [row] = await queryRows<{ rolpassword: string }>(
        tx,
        sql`select rolpassword from pg_authid where rolname = ${role}`,
      );
      await tx.execute(sql.raw(`drop role ${quoteIdentifier(role)}`));
      return row?.rolpassword ?? '';
    });
    const [, iterations, salt] = /^SCRAM-SHA-256\$(\d+):([^$]+)\$/.exec(stored) ?? [];
    expect(scramVerifier(password, Buffer.from(salt ?? '', 'base64'), Number(iterations))).toBe(stored);
  });
});
