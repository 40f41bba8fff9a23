// Starts the built server for the e2e run on a fresh database: a new PGlite in a temporary DATA_DIR, or,
// when TEST_DATABASE_URL names a PostgreSQL server, a database of its own there, made anew each run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import serverNodeFlags from '../apps/server/node-flags.json' with { type: 'json' };

const env = { ...process.env };
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'test'}_e2e`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}
const main = path.resolve(import.meta.dirname, '..', 'apps', 'server', 'dist', 'main.js');
const server = spawn(process.execPath, [...serverNodeFlags, main], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
