import type { TooltipProps } from '@mantine/core';
import { cloneElement, lazy, Suspense, useState, type ReactElement, type Ref } from 'react';
import { useFirstInteraction } from './use-first-interaction';

const FloatingTooltip = lazy(() =>
  import('./floating-tooltip').then((m) => ({ default: m.FloatingTooltip })),
);

type DeferredTooltipProps = Omit<TooltipProps, 'children' | 'target'> & {
  /** The element the hint is for; it receives a ref, and is never replaced when the hint's code arrives. */
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
};

/**
 * A hover hint whose code loads after the user's first interaction. The hint is attached to its element
 * from beside it (Mantine's `target`) instead of wrapping it, so the element stays the same node, focus
 * and all, when the hint arrives. Like Mantine's default, it shows on hover only.
 */
export function DeferredTooltip({ children, ...tooltip }: DeferredTooltipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const interacted = useFirstInteraction();
  return (
    <>
      {cloneElement(children, { ref: setTarget })}
      {interacted && target !== null && (
        <Suspense fallback={null}>
          {/* The pointer may already rest on the element: the hint then opens at once, as it would have. */}
          <FloatingTooltip {...tooltip} target={target} defaultOpened={target.matches(':hover')} />
        </Suspense>
      )}
    </>
  );
}
