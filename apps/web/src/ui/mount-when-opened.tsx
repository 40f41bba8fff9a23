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
