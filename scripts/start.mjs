// `npm start`: builds the web app and the server when their sources are newer than the last build, then
// runs the server (which migrates, seeds an empty database and serves app and API on one port).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import serverNodeFlags from '../apps/server/node-flags.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function buildIfStale(name, output, sources, command, args, cwd) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (built > Math.max(...sources.map(newestMtime))) return;
  console.log(`Building the ${name}...`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const domainSources = at('packages', 'domain', 'src');
buildIfStale(
  'web app',
  at('apps', 'web', 'dist', 'index.html'),
  [
    at('apps', 'web', 'src'),
    at('apps', 'web', 'index.html'),
    at('apps', 'web', 'public'),
    at('apps', 'web', 'vite.config.ts'),
    domainSources,
  ],
  'npm',
  ['run', 'build', '--workspace', 'apps/web'],
  root,
);
buildIfStale(
  'server',
  at('apps', 'server', 'dist', 'main.js'),
  [at('apps', 'server', 'src'), at('apps', 'server', 'build.mjs'), domainSources],
  'node',
  ['build.mjs'],
  at('apps', 'server'),
);

// The demo takes referrals by mail too (`npm run mail:sample`); the server alone keeps its intake off unless
// INBOUND_SMTP_PORT is set, and INBOUND_SMTP_PORT= (empty) turns it off here.
// Launches from the sandbox clinical record (`npm run ehr-sandbox`, on :4000) are taken too; the server alone
// takes launches only from the record systems CLINICAL_RECORD_SYSTEMS names.
const env = {
  ...process.env,
  INBOUND_SMTP_PORT: process.env.INBOUND_SMTP_PORT ?? '2525',
  CLINICAL_RECORD_SYSTEMS: process.env.CLINICAL_RECORD_SYSTEMS ?? 'sandbox=http://localhost:4000/fhir',
};
// The server's Node.js flags, the same wherever it starts (docs/deploy.md, Settings for a region).
const server = spawn(process.execPath, [...serverNodeFlags, at('apps', 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
