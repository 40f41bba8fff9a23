import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';

/** The compressed JavaScript a user's browser fetches before the dashboard after sign-in is ready (issue 12). */
const FIRST_SCREEN_BUDGET_BYTES = 200 * 1024;

test('the dashboard after sign-in costs at most 200 KB of compressed JavaScript', async ({ page }) => {
  // Every response for a script, by URL: a chunk fetched by a modulepreload link is not of type
  // `script`, and its later import comes from the memory cache with no size of its own (-1).
  const scripts = new Map<string, Promise<number>[]>();
  page.on('response', (response) => {
    const url = response.url();
    if (!new URL(url).pathname.endsWith('.js')) return;
    // The bytes that crossed the wire: the brotli or gzip body the server sent, not what it unpacks to.
    const size = response
      .request()
      .sizes()
      .then((sizes) => sizes.responseBodySize);
    scripts.set(url, [...(scripts.get(url) ?? []), size]);
  });
  await signIn(page);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(
    [...scripts.values()].map(async (fetches) => Math.max(0, ...(await Promise.all(fetches)))),
  );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  console.log(`first screen: ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB compressed`);
  // The biggest scripts by name, so a run over budget shows where the bytes went.
  const named = [...scripts.keys()].map((url, i) => ({ name: new URL(url).pathname, size: sizes[i] ?? 0 }));
  for (const { name, size } of named.sort((a, b) => b.size - a.size).slice(0, 40)) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB ${name}`);
  }
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
});
