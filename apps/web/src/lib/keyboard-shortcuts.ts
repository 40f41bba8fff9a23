type ShortcutEvent = Pick<KeyboardEvent, 'code' | 'key' | 'altKey' | 'metaKey' | 'ctrlKey'>;

/**
 * Alt+\ or Cmd+\ toggles the side navigation (spec section 2 Layout). Matched on the physical key
 * (`code`) because on a Mac Alt+\ types '«' and on some layouts backslash needs AltGr, so `key` alone
 * would miss it; `key` is the fallback for browsers that leave `code` empty.
 */
export function isNavToggleShortcut(event: ShortcutEvent): boolean {
  if (!(event.altKey || event.metaKey) || event.ctrlKey) return false;
  return event.code === 'Backslash' || event.key === '\\';
}
