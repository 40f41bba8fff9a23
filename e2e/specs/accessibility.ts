import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// WCAG 2.2 AA, as the product promises; every screen and dialog gets an axe check in the suite.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The rule, the elements and how to fix them, for each violation axe finds on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  // axe.run in the page itself, which checks its same-origin frames too (the app has no other kind). The
  // default injects axe into every frame a second time and merges the frames' results in a new blank page:
  // three copies of axe and a page per check, CPU that two workers on two cores need for the tests.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations.map((v) => {
    const where = v.nodes.map((n) => n.target.join(' '));
    const why = [...new Set(v.nodes.map((n) => n.failureSummary?.split('\n').at(-1)?.trim()))];
    return `${v.id}: ${v.help} (${why.join('; ')}) at ${where.join(', ')}`;
  });
}

/** Checks the state the page is in; failures name the state, so one run lists every screen's problems. */
export async function expectAccessible(page: Page, state: string) {
  await page.waitForLoadState('networkidle');
  // A dialog or drawer fading in has half-transparent text for a moment: judge contrast once its
  // transitions are over (spinners' endless animations are not waited for).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  expect.soft(await violations(page), state).toEqual([]);
}
