import { Suspense, useState, type ReactNode } from 'react';

type MountWhenOpenedProps = {
  opened: boolean;
  /** Shown until the lazy part has loaded: nothing for a dialog, the plain button for a menu. */
  fallback?: ReactNode;
  children: ReactNode;
};

/**
 * Mounts a lazily loaded dialog or menu the first time it opens, and keeps it mounted after so that closing
 * still animates: the first screen's JavaScript then carries no dialog nobody has opened yet.
 */
export function MountWhenOpened({ opened, fallback = null, children }: MountWhenOpenedProps) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

/**
 * The props of the plain button that stands in for a lazily loaded menu or popover's target until its first
 * opening: it announces the popup it opens, and pointing at it or focusing it fetches the popup's code ahead.
 */
export function standInTriggerProps(
  popup: 'menu' | 'dialog',
  load: () => Promise<unknown>,
  open: () => void,
) {
  const preload = () => void load();
  return {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
  } as const;
}
