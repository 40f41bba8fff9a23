import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Every run starts the built app on a fresh data directory: migrations and the demo seed run as on a
// new machine, and nothing from a developer's own data leaks into the tests.
const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: the directory is made once and handed on through the environment, so the
// specs can read the mail the server writes there (DATA_DIR/mail).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'referrals-e2e-')));
const root = path.resolve(import.meta.dirname, '..');
// The inbound mail's SMTP port, which the import queue's specs mail referrals to (specs/intake-mail.ts).
const intakePort = Number((process.env.E2E_INTAKE_PORT ??= String(port + 25)));
// The sandbox clinical record system (tools/ehr-sandbox) that the launch spec launches Referrals from.
const ehrPort = Number((process.env.E2E_EHR_PORT ??= String(port + 40)));

// Debian's Chromium as its headless shell (chromium-headless-shell, the old headless mode Playwright itself
// prefers): no GPU or browser-UI processes, about a fifth less CPU for the suite than the full browser in
// its new headless mode. The full browser serves where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // Two workers, each taking whole files (a file's tests run in order in one worker), side by side on the
  // one server and database: every spec makes what it needs (a fresh referral, a new patient or sender, a
  // person no other spec signs in as) and passes alone and in any order (README, Set up on a fresh machine).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  // The first check after a full navigation waits for the app to start and load its data: measured at 4-6 s
  // on the shared two-core machine while other runs use it (load average 12-20), past expect's default 5 s.
  // The tests' own CPU is kept down instead of waited for (API sessions without a browser, axe once per
  // check): this covers the machine's other tenants, not the suite.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // The product's users are in Australia: dates, times and formats as they see them.
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/start-server.mjs',
      cwd: root,
      url: `http://localhost:${port}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'warn',
        INBOUND_SMTP_PORT: String(intakePort),
        // Account linking is a conditional route (spec section 2); it only concerns health-organisation
        // addresses, which no demo account has, so the other specs are unaffected.
        FEATURE_SINGLE_SIGN_ON_ACCOUNT_LINKING: 'on',
        // send/:establishment_slug is a conditional route (spec section 2). The flag also stops unapproved
        // employments sending referrals (section 6 Rules); the demo's senders are approved.
        FEATURE_FRIENDLY_FORWARDING: 'on',
        CLINICAL_RECORD_SYSTEMS: `sandbox=http://localhost:${ehrPort}/fhir`,
      },
    },
    {
      command: 'npm run start --workspace tools/ehr-sandbox',
      cwd: root,
      url: `http://localhost:${ehrPort}/fhir/metadata`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { EHR_SANDBOX_PORT: String(ehrPort), REFERRALS_URL: `http://localhost:${port}` },
    },
  ],
});
