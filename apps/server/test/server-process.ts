import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { freePort } from './free-port.ts';

/**
 * Real server processes for the tests of what only shows across processes and signals: several processes
 * on one PostgreSQL database, and SIGTERM. Each runs src/main.ts (tsx), the path `npm run dev` takes, on a
 * port of its own; the tests talk to them over HTTP as a load balancer would pass on a browser's calls.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** What every process of a test answers as; the tests send each call to the process they choose. */
export const PUBLIC_URL = 'http://referrals.test';

/** A PostgreSQL database of the test's own, migrated, with its owner's connection for setting up. */
export type ProcessTestDatabase = { url: string; owner: DatabaseHandle; drop(): Promise<void> };

/**
 * A fresh database on TEST_DATABASE_URL's server, named after this process so that people running the
 * suite side by side on one server never share one. `drop` removes it and its runtime role.
 */
export async function createProcessTestDatabase(label: string): Promise<ProcessTestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('server processes need TEST_DATABASE_URL');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'test'}_${label}_${process.pid}`;
  url.pathname = `/${name}`;
  const admin = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin([`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"`]);
  const owner = await openDatabase({ url: url.toString(), poolSize: 2 });
  await migrateDatabase(owner);
  return {
    url: url.toString(),
    owner,
    async drop() {
      await owner.close();
      // Roles belong to the whole server: the runtime role (migration 0008) goes with its database.
      await admin([`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `DROP ROLE IF EXISTS "${name}_app"`]);
    },
  };
}

export type ServerProcess = {
  port: number;
  pid: number;
  /** Every line the process wrote to stdout and stderr so far. */
  lines: string[];
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** Waits until a line satisfies `match` (already written or to come). */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** The JSON log lines, parsed. */
  logs(): Record<string, unknown>[];
  signal(name: NodeJS.Signals): void;
  /** SIGKILL unless it has exited; for clean-up. */
  kill(): Promise<void>;
};

/**
 * Starts `node --import tsx src/main.ts` on a free port with the given database and waits until
 * /api/health answers 200. API only (no built web app), no demo data, logs at info on stdout.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-process-'));
  // Only what the server needs: a setting in the shell running the tests must not reach the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const keep = (stream: NodeJS.ReadableStream) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      for (const wake of waiters) wake();
    });
  };
  keep(child.stdout as NodeJS.ReadableStream);
  keep(child.stderr as NodeJS.ReadableStream);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      for (const wake of waiters) wake();
      resolve(code);
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const waitForLine = (match: (line: string) => boolean, timeoutMs = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found !== undefined || hasExited) {
          waiters.delete(check);
          clearTimeout(timer);
          if (found !== undefined) resolve(found);
          else reject(new Error(`the server exited without writing the line awaited:\n${tail(lines)}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no such line within ${timeoutMs} ms:\n${tail(lines)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  const server: ServerProcess = {
    port,
    pid: child.pid ?? 0,
    lines,
    exited,
    waitForLine,
    logs: () =>
      lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
    signal: (name) => child.kill(name),
    async kill() {
      if (!hasExited) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitForHealth(server, child);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

async function waitForHealth(server: ServerProcess, child: ChildProcess): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server did not start:\n${tail(server.lines)}`);
    const answer = await send(server.port, 'GET', '/api/health', {}).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() - started > 45_000) throw new Error(`the server did not answer:\n${tail(server.lines)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tail = (lines: string[]) => lines.slice(-20).join('\n');

export type HttpAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes, for a file. */
  bytes: Buffer;
  json<T>(): T;
};

/**
 * One HTTP request to a process at 127.0.0.1:`port`, with `Host` saying the public address as a proxy
 * passes it on. `agent` keeps connections alive as a browser or a load balancer does; without one, each
 * request has a connection of its own.
 */
export function send(
  port: number,
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; agent?: Agent },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathAndQuery,
        headers: { host: new URL(PUBLIC_URL).host, ...options.headers },
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const body = bytes.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            bytes,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A browser that signs in through the real provider and calls the API, each call through the process
 * `to` chooses: the same process throughout, or any, as a load balancer without sticky sessions does.
 * It keeps cookies (without path scoping, which no test needs) and its connections alive.
 */
export class ProcessBrowser {
  readonly cookies = new Map<string, string>();
  readonly agent = new Agent({ keepAlive: true });
  accessToken = '';
  /** `ip` is the browser's address, passed on in X-Forwarded-For (the processes trust loopback). */
  constructor(
    private readonly to: (step: number) => ServerProcess,
    private readonly ip?: string,
  ) {}
  private step = 0;

  async request(
    method: string,
    url: string,
    options: {
      form?: Record<string, string>;
      json?: object;
      /** A file sent as multipart/form-data, in the field `file`. */
      file?: { name: string; type: string; bytes: Buffer };
      headers?: Record<string, string>;
    } = {},
  ): Promise<HttpAnswer> {
    const target = new URL(url, PUBLIC_URL);
    const boundary = 'process-test-boundary';
    const body = options.form
      ? new URLSearchParams(options.form).toString()
      : options.json
        ? JSON.stringify(options.json)
        : options.file
          ? Buffer.concat([
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.file.name}"\r\n` +
                  `Content-Type: ${options.file.type}\r\n\r\n`,
              ),
              options.file.bytes,
              Buffer.from(`\r\n--${boundary}--\r\n`),
            ])
          : undefined;
    const answer = await send(this.to(this.step++).port, method, `${target.pathname}${target.search}`, {
      agent: this.agent,
      headers: {
        'sec-fetch-site': 'same-origin',
        ...(this.ip ? { 'x-forwarded-for': this.ip } : {}),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(options.json ? { 'content-type': 'application/json' } : {}),
        ...(options.file ? { 'content-type': `multipart/form-data; boundary=${boundary}` } : {}),
        ...(this.accessToken ? { authorization: `Bearer ${this.accessToken}` } : {}),
        ...options.headers,
      },
      ...(body !== undefined ? { body } : {}),
    });
    this.keepCookies(answer.headers['set-cookie'] ?? []);
    return answer;
  }

  private keepCookies(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Opens the login form of a new sign-in (PKCE) and returns its action and what the exchange needs. */
  async openLoginForm() {
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      client_id: 'referrals-web',
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/authorize`,
      scope: 'openid profile email offline_access',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: randomBytes(8).toString('hex'),
      prompt: 'login',
    });
    const discovery = await this.request('GET', '/auth/.well-known/openid-configuration');
    const endpoint = discovery.json<{ authorization_endpoint: string }>().authorization_endpoint;
    const authorize = await this.request('GET', `${endpoint}?${query.toString()}`);
    const form = await this.request('GET', String(authorize.headers.location));
    const action = /action="([^"]+)"/.exec(form.body)?.[1];
    if (!action) throw new Error(`no login form (${form.status})`);
    return { action, verifier };
  }

  /** Submits the login form; answers the form's status (303 on success). */
  async submitLogin(action: string, email: string, password: string): Promise<number> {
    return (await this.request('POST', action, { form: { email, password } })).status;
  }

  /** The whole sign-in, as the web app does it; keeps the access token for later calls. */
  async signIn(email: string, password: string): Promise<void> {
    const { action, verifier } = await this.openLoginForm();
    const login = await this.request('POST', action, { form: { email, password } });
    if (login.status !== 303) throw new Error(`sign-in refused with ${login.status}`);
    let location = String(login.headers.location);
    while (!location.startsWith(`${PUBLIC_URL}/authorize`)) {
      location = String((await this.request('GET', location)).headers.location);
    }
    const token = await this.request('POST', '/auth/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: 'referrals-web',
        code: new URL(location).searchParams.get('code') ?? '',
        code_verifier: verifier,
        redirect_uri: `${PUBLIC_URL}/authorize`,
      },
    });
    if (token.status !== 200) throw new Error(`token exchange failed with ${token.status}`);
    this.accessToken = token.json<{ access_token: string }>().access_token;
  }

  close(): void {
    this.agent.destroy();
  }
}
