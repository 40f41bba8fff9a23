import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, quoteIdentifier, type Database, type DatabaseHandle } from './database.ts';

/**
 * Opens the connection the server works through, as the runtime role migration 0008 made
 * (`<database>_app`): it may read and write the application's tables but only INSERT and SELECT on
 * audit_log, and owns nothing. `owner` is the migrations' connection; on PostgreSQL it gives the role a
 * login the first time (a generated password only the owner can read), and the caller may close it after.
 */
export async function openRuntimeDatabase(owner: DatabaseHandle): Promise<DatabaseHandle> {
  const role = await runtimeRoleName(owner.db);
  if (owner.kind === 'pglite') return owner.signInAs({ role, password: '' });
  const { password, isNew } = await runtimePassword(owner.db);
  if (isNew) await allowLogin(owner.db, role, password);
  try {
    return await owner.signInAs({ role, password });
  } catch (error) {
    if (!isLoginRefused(error)) throw error;
    // The role has another password or no login, e.g. the database was restored into another cluster.
    await allowLogin(owner.db, role, password);
    return owner.signInAs({ role, password });
  }
}

/** The runtime role of the database `q` is connected to; the migration names it the same way. */
export async function runtimeRoleName(q: Database): Promise<string> {
  const [row] = await queryRows<{ role: string }>(
    q,
    sql`select left(current_database() || '_app', 63) as role`,
  );
  if (!row) throw new Error('the database did not say its name');
  return row.role;
}

async function runtimePassword(db: Database): Promise<{ password: string; isNew: boolean }> {
  const [made] = await queryRows<{ password: string }>(
    db,
    sql`insert into runtime_role.login (password) values (${randomBytes(32).toString('hex')})
        on conflict do nothing returning password`,
  );
  if (made) return { password: made.password, isNew: true };
  const [kept] = await queryRows<{ password: string }>(db, sql`select password from runtime_role.login`);
  if (!kept) throw new Error('the runtime role has no password');
  return { password: kept.password, isNew: false };
}

async function allowLogin(db: Database, role: string, password: string): Promise<void> {
  // DDL takes no parameters. The password goes as a SCRAM verifier, so a server that logs statements
  // never writes the password itself; the verifier is base64 and '$', ':' only, safe between quotes.
  await db.execute(
    sql.raw(`alter role ${quoteIdentifier(role)} login password '${scramVerifier(password)}'`),
  );
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 7677, as pg_authid keeps it). The
 * password is hex, so SASLprep leaves it unchanged.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** invalid_password, or invalid_authorization_specification ("role is not permitted to log in"). */
function isLoginRefused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '28P01' || code === '28000';
}
