import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded dialog the first time it opens, and keeps it mounted after so that closing still
 * animates: the first screen's JavaScript then carries no dialog nobody has opened yet.
 */
export function MountWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
