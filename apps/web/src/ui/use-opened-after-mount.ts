import { useEffect, useState, type RefObject } from 'react';

/**
 * For a menu or popover mounted lazily by the click that opens it (mount-when-opened.tsx): Mantine hands
 * focus back on close to what had it when the menu opened, and the button clicked has just been replaced
 * by the menu's own. So the new button takes the focus the old one lost, and the menu opens a render later.
 */
export function useOpenedAfterMount(opened: boolean, target: RefObject<HTMLElement | null>): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) target.current?.focus();
    // The second render is the point: Mantine notes what has focus only when `opened` changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMounted(true);
  }, [target]);
  return opened && mounted;
}
