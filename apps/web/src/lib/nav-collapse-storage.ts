/** The key under which the side navigation's collapsed state is kept (spec section 2 Layout). */
export const NAV_COLLAPSED_STORAGE_KEY = 'referrals.nav.collapsed';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The remembered choice; expanded when nothing (or something unreadable) was stored. */
export function readNavCollapsed(storage: ReadableStorage | undefined): boolean {
  try {
    return storage?.getItem(NAV_COLLAPSED_STORAGE_KEY) === 'true';
  } catch {
    // Storage can throw (privacy modes, disabled cookies); the navigation then simply starts expanded.
    return false;
  }
}

/** Remembers the choice; a storage that refuses the write only costs the memory across reloads. */
export function writeNavCollapsed(storage: WritableStorage | undefined, collapsed: boolean): void {
  try {
    storage?.setItem(NAV_COLLAPSED_STORAGE_KEY, String(collapsed));
  } catch {
    // See readNavCollapsed: not remembering is better than breaking the layout.
  }
}
