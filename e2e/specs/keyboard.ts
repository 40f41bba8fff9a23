import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers that drive a screen from the keyboard alone, as a person without a mouse would: locators only
 * say where the focus should be, they never click or fill.
 */

/** What has the focus, as a person would name it, for the message of a failed search for a control. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return '(the page)';
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : undefined;
    const name = element.getAttribute('aria-label') ?? label ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`;
  });

/** Whether the focus is on `target` or inside it. */
const holdsFocus = (target: Locator) =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );

/**
 * Presses Tab until the focus is on `target` or inside it, at most `max` times; fails naming every stop
 * on the way, so a control the keyboard cannot reach says so.
 */
export async function tabTo(page: Page, target: Locator, { max = 30 } = {}) {
  await expect(target).toBeVisible();
  const key = 'Tab';
  const stops: string[] = [];
  for (let presses = 0; !(await holdsFocus(target)); presses++) {
    if (presses === max) {
      throw new Error(`${max} presses of ${key} did not reach ${String(target)}: ${stops.join(' > ')}`);
    }
    await page.keyboard.press(key);
    stops.push(await focusedName(page));
  }
}

/**
 * Checks `radio` of the radio group `group`: Tab enters the group on its checked radio (or its first),
 * ArrowDown moves to and checks the next, Space checks the one with the focus.
 */
export async function checkRadio(page: Page, group: Locator, radio: Locator, { max = 30 } = {}) {
  await tabTo(page, group, { max });
  for (let presses = 0; !(await holdsFocus(radio)); presses++) {
    if (presses === max) throw new Error(`${max} presses of ArrowDown did not reach ${String(radio)}`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

/**
 * Chooses `option` in `combobox`, which has the focus: ArrowDown opens its list and moves through it,
 * Enter takes the option highlighted (the combobox's active descendant).
 */
export async function chooseOption(page: Page, combobox: Locator, option: Locator, { max = 30 } = {}) {
  await expect(combobox).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const optionId = await option.getAttribute('id');
  for (let presses = 0; (await combobox.getAttribute('aria-activedescendant')) !== optionId; presses++) {
    if (presses === max) throw new Error(`${max} presses of ArrowDown did not highlight ${String(option)}`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/**
 * Presses Enter on `button`, which has the focus and opens a file chooser, and picks `file` there. The
 * chooser is the operating system's dialog, outside the page, where a person picks the file.
 */
export async function chooseFile(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await expect(button).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}
