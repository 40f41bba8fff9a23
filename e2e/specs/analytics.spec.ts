import { expect, test, type Locator } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible } from './accessibility';
import { checkRadio, chooseOption, tabTo } from './keyboard';
import { apiSessionFor, HOSPITAL_CARDIOLOGY, submitReferralAs } from './referral-api';
import { screenshot, signIn } from './sign-in-helpers';

test.use({ viewport: { width: 1366, height: 900 } });

/** The cells of a table, row by row, as the page shows them (header row first). */
async function cellsOf(table: Locator): Promise<string[][]> {
  const cells: unknown = await table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? '')),
    );
  return cells as string[][];
}

/** A CSV file's cells, row by row (RFC 4180: quoted cells may hold commas and doubled quotes). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      rows.at(-1)?.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.at(-1)?.push(cell);
      cell = '';
      rows.push([]);
      i++;
    } else cell += c;
  }
  return rows.filter((row) => row.length > 0);
}

/** YYYY-MM-DD of the day `days` before today in Sydney. */
function daysAgo(days: number): string {
  const sydney = new Date(Date.now() + 10 * 3600_000 - days * 86_400_000);
  return sydney.toISOString().slice(0, 10);
}

test('a department head reads waiting times, narrows them, reads a chart as a table and downloads its CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Five referrals of this test's own wait for triage in Cardiology, whatever else the demo holds.
  const gp = await apiSessionFor(browser, baseURL ?? '', 'gp@demo.test');
  for (let i = 0; i < 5; i++) await submitReferralAs(gp, { to: HOSPITAL_CARDIOLOGY });
  await gp.close();
  await signIn(page, { email: 'hospital@demo.test' });
  await page.getByRole('link', { name: 'Waiting times' }).click();
  await expect(page).toHaveURL('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting times and volumes' })).toBeVisible();
  await expect(page.getByText('Category 1: seen within 30 days')).toBeVisible();
  const waitingNow = page.getByRole('region', { name: 'Waiting now' });
  await expect(waitingNow.locator('.recharts-surface')).toBeVisible();
  await expectAccessible(page, 'waiting times page');
  await screenshot(page, 'analytics-department-head');

  // The chart as a table: awaiting triage counts this test's five at least.
  await waitingNow.getByText('Table', { exact: true }).click();
  const waitingTable = waitingNow.getByRole('table');
  await expect(waitingTable).toBeVisible();
  const awaiting = waitingTable.getByRole('row', { name: /^Awaiting triage/ });
  await expect(awaiting).toBeVisible();
  const waiting = Number((await awaiting.locator('td').first().textContent())?.trim());
  expect(waiting).toBeGreaterThanOrEqual(5);
  await expectAccessible(page, 'waiting now as a table');

  // Its CSV holds exactly the table: the same header and cells, line for line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    waitingNow.getByRole('button', { name: 'Download waiting now as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^waiting-times-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-waiting-now\.csv$/,
  );
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csvCells(csv)).toEqual(await cellsOf(waitingTable));

  // A shorter range: one row a week in the weekly table, the range in the address.
  const from = daysAgo(7 * 8);
  await page.getByLabel('From').fill(from);
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  const weekly = page.getByRole('region', { name: 'Referrals per week' });
  await weekly.getByText('Table', { exact: true }).click();
  await expect(weekly.getByRole('table').getByRole('row')).toHaveCount(1 + 9);

  // Category 2 alone: no one in Category 1 was triaged or seen.
  await page.getByRole('combobox', { name: 'Triage category' }).click();
  await page.getByRole('option', { name: 'Category 2' }).click();
  await expect(page).toHaveURL(/triage_category=CAT2/);
  const waits = page.getByRole('region', { name: 'Waiting times by triage category' });
  await waits.getByText('Table', { exact: true }).click();
  const categoryOne = waits.getByRole('row', { name: /^Category 1/ });
  await expect(categoryOne.locator('td').nth(1)).toHaveText('0');
  await expect(
    waits
      .getByRole('row', { name: /^Category 2/ })
      .locator('td')
      .nth(1),
  ).not.toHaveText('0');
  await expectAccessible(page, 'waiting times narrowed to Category 2');
  await screenshot(page, 'analytics-category-2-tables');
});

test('by keyboard alone, a department head narrows to a category, reads a chart as a table and downloads it', async ({
  page,
}) => {
  await signIn(page, { email: 'hospital@demo.test', to: '/analytics' });
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting times and volumes' })).toBeVisible();
  const category = page.getByRole('combobox', { name: 'Triage category' });
  await tabTo(page, category, { max: 60 });
  await chooseOption(page, category, page.getByRole('option', { name: 'Category 3' }));
  await expect(page).toHaveURL(/triage_category=CAT3/);
  const waits = page.getByRole('region', { name: 'Waiting times by triage category' });
  const views = waits.getByRole('radiogroup', { name: 'Show waiting times by triage category as' });
  await checkRadio(page, views, views.getByRole('radio', { name: 'Table' }));
  await expect(waits.getByRole('table')).toBeVisible();
  const csv = waits.getByRole('button', { name: 'Download waiting times by triage category as CSV' });
  await tabTo(page, csv);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/-waiting-times\.csv$/);
  const cells = csvCells(await readFile((await download.path()) ?? '', 'utf8'));
  expect(cells.map((row) => row[0])).toEqual(['Triage category', 'Category 1', 'Category 2', 'Category 3']);
});

test('a GP sees no waiting times in the navigation, and the page says who it is for', async ({ page }) => {
  await signIn(page, { to: '/analytics' });
  await expect(page.getByText('Not available to you here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Waiting times' })).toHaveCount(0);
  await expectAccessible(page, 'waiting times refused');
});

test('a platform administrator reads a health network’s waiting times across the services that share them', async ({
  page,
}) => {
  await signIn(page, { email: 'admin@demo.test', to: '/health-networks' });
  await page.getByRole('link', { name: 'Waiting times across Northern Sydney Health Network' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Waiting times across the network' }),
  ).toBeVisible();
  // The demo clinic shares its waiting times; the network's other service does not.
  await page.getByRole('combobox', { name: 'Service' }).click();
  await expect(page.getByRole('option')).toHaveText(['North Shore Heart Clinic']);
  await page.getByRole('option', { name: 'North Shore Heart Clinic' }).click();
  await expect(page).toHaveURL(/unit=/);
  await expect(page.getByText('Category 2: seen within 90 days')).toBeVisible();
  await expectAccessible(page, 'a network’s waiting times');
  await screenshot(page, 'analytics-network');
});
