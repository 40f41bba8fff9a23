import { useCallback, useEffect, useState } from 'react';
import { browserLocalStorage } from '@/lib/browser-storage';
import { isNavToggleShortcut } from '@/lib/keyboard-shortcuts';
import { readNavCollapsed, writeNavCollapsed } from '@/lib/nav-collapse-storage';

/**
 * The desktop side navigation's collapsed state: toggled by the button or Alt+\ / Cmd+\, remembered in
 * localStorage across reloads (spec section 2 Layout).
 */
export function useNavCollapse(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(() => readNavCollapsed(browserLocalStorage()));
  const toggle = useCallback(() => setCollapsed((current) => !current), []);

  useEffect(() => {
    writeNavCollapsed(browserLocalStorage(), collapsed);
  }, [collapsed]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isNavToggleShortcut(event)) return;
      // Alt+\ types a character on some layouts; the shortcut wins while the layout is shown.
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { collapsed, toggle };
}
