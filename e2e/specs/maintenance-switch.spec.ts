import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible } from './accessibility';
import { tabTo } from './keyboard';
import { personIn, screenshot } from './sign-in-helpers';

/*
 * The platform administrators' maintenance switch (issue 32; README, Maintenance). Switched on, it takes
 * the whole service down: every other spec running beside this one on the shared server would meet 503s.
 * So this spec starts a server of its own, on its own port and a fresh embedded database with the demo
 * (about 10 s), and switches that one; the shared server never hears of it.
 */

const port = Number(process.env.E2E_PORT ?? 3100) + 60;
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '..', '..');
const ADMIN = 'admin@demo.test';
const GP = 'gp@demo.test';
const NOTE = 'Moving Referrals to a bigger database.';

let server: ChildProcess | undefined;
let dataDir: string;

test.use({ baseURL });
// One story, in order: on, seen by others, off.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'referrals-e2e-maintenance-'));
  const log = createWriteStream(path.join(dataDir, 'server.log'));
  // A settings list of its own, not the run's environment: never the shared server's database
  // (TEST_DATABASE_URL, DATABASE_URL) nor its mail or HL7 ports.
  server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...(process.env.DEMO_PASSWORD ? { DEMO_PASSWORD: process.env.DEMO_PASSWORD } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`the server stopped: ${readFileSync(path.join(dataDir, 'server.log'), 'utf8')}`);
    }
    const health = await fetch(`${baseURL}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (Date.now() - started > 150_000) throw new Error('the server did not start within 150 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function check(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

const health = async () => (await (await fetch(`${baseURL}/api/health`)).json()) as { maintenance: boolean };

test('a platform administrator takes Referrals down for maintenance by keyboard: a signed-in GP and a visitor see the maintenance page, the administrator keeps the switch and brings it back', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const gp = await personIn(browser, baseURL, GP, '/patients');
  const admin = await personIn(browser, baseURL, ADMIN, '/maintenance-switch');

  // Up: the switch is off, under Platform > Maintenance.
  const toggle = admin.getByRole('switch', { name: 'Down for maintenance' });
  await expect(toggle).not.toBeChecked();
  await expect(admin.getByText('Referrals is up for everyone.')).toBeVisible();
  await expect(
    admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Maintenance' }),
  ).toHaveAttribute('aria-current', 'page');
  await check(admin, 'maintenance-switch-up');

  // On, by keyboard: the switch only asks; the dialog has Cancel focused first.
  await tabTo(admin, toggle);
  await admin.keyboard.press('Space');
  const dialog = admin.getByRole('dialog', { name: 'Take Referrals down for maintenance?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(toggle).not.toBeChecked();
  await tabTo(admin, dialog.getByLabel(/Note for the maintenance page/));
  await admin.keyboard.type(NOTE);
  await check(admin, 'maintenance-switch-dialog');
  const confirm = dialog.getByRole('button', { name: 'Switch maintenance on' });
  await tabTo(admin, confirm);
  await admin.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();
  await expect(
    admin.getByText('Referrals is down for everyone but the platform administrators.'),
  ).toBeVisible();
  await expect(admin.getByText(/Switched on by Mr Sam Fletcher on/)).toBeVisible();
  // The administrator stays, under the banner.
  await expect(admin.getByRole('status').filter({ hasText: 'Down for maintenance' })).toBeVisible();
  await check(admin, 'maintenance-switch-down');
  expect((await health()).maintenance).toBe(true);
  const refused = await fetch(`${baseURL}/api/public/establishments/`);
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('300');

  // The GP, signed in and working: the next call meets the maintenance, and the app shows its page.
  await gp
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Providers' })
    .click();
  await expect(gp).toHaveURL(/\/maintenance\?next=%2Fproviders/);
  await expect(gp.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  await expect(gp.getByText(NOTE)).toBeVisible();
  await expect(gp.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await check(gp, 'maintenance-page-signed-in');

  // A visitor who is not signed in gets the page too, not the login, with the administrators' way in.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/referrals/inbox/all');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeVisible();
  await expect(visitor).toHaveURL(/\/maintenance\?next=/);
  await expect(visitor.getByRole('button', { name: 'Sign in as a platform administrator' })).toBeVisible();
  await check(visitor, 'maintenance-page-signed-out');
  await visitorContext.close();

  // Off, by keyboard, from the banner's screen; the GP's page takes them back by itself.
  await tabTo(admin, toggle);
  await admin.keyboard.press('Space');
  const offDialog = admin.getByRole('dialog', { name: 'Bring Referrals back?' });
  await expect(offDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(admin, offDialog.getByRole('button', { name: 'Switch maintenance off' }));
  await admin.keyboard.press('Enter');
  await expect(offDialog).toBeHidden();
  await expect(toggle).not.toBeChecked();
  await expect(admin.getByText('Referrals is up for everyone.')).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'Down for maintenance' })).toHaveCount(0);
  expect((await health()).maintenance).toBe(false);

  // The page asks every 20 s, then returns the GP to the screen they were opening.
  await expect(gp).toHaveURL(/\/providers$/, { timeout: 30_000 });
  await expect(gp.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await gp.context().close();
  await admin.context().close();
});
