import { expect, type Page } from '@playwright/test';

/** The heading of a flow's current page (the flows' pages are level-2 headings under the flow's title). */
export const pageHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

/** Next, then the page that should follow. */
export async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(pageHeading(page, heading)).toBeVisible();
}

/** Picks `option` in the select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
