import { expect, type Browser, type Page } from '@playwright/test';
import path from 'node:path';

/** The demo accounts' password: the server's DEMO_PASSWORD, or the default the fresh seed uses. */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Referrals-Demo-2026';

export const GP = { email: 'gp@demo.test', name: 'Dr Sarah Mitchell' } as const;

// Screenshots for people to look at (git-ignored); the assertions are what the tests prove.
const screenshotDir = path.join(import.meta.dirname, '..', 'screenshots');
// Transitions finished at once: a dialog caught while fading in looks broken when it is not.
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `${name}.png`), animations: 'disabled' });

/** The hosted login page's heading; the web app never shows a heading with exactly this name. */
export const loginHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Sign in', exact: true });

/** Fills in and submits the hosted login form the browser is on. */
export async function submitLoginForm(page: Page, email: string, password: string) {
  await expect(loginHeading(page)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Opens `to` signed out, which sends the browser to the hosted login page, and signs in there; the app then
 * returns to `to`. Each test signs in afresh rather than reusing a saved session: the refresh token
 * rotates on every use, so a stored copy is spent by the first test that loads the app.
 */
export async function signIn(
  page: Page,
  {
    to = '/',
    email = GP.email,
    password = DEMO_PASSWORD,
  }: { to?: string; email?: string; password?: string } = {},
) {
  await page.goto(to);
  await submitLoginForm(page, email, password);
  await expect(page).toHaveURL(to);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * One person signed in, in a browser context of their own: specs where two people work side by side (the
 * GP and the specialist) give each one.
 */
export async function personIn(browser: Browser, baseURL: string, email: string, to = '/'): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, { email, to });
  return page;
}
