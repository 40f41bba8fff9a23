import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/**
 * 'Skip to main content' (WCAG 2.4.1 Bypass Blocks): the page's first stop for the Tab key, hidden until
 * focused, so a keyboard user need not tab through the top bar and every navigation link on each screen.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus is moved by hand: following the fragment would change the address, which the router treats
    // as a navigation (clearing the error set) and which a reload would then carry along.
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
