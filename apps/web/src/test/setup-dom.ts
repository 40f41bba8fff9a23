import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks what Mantine measures layouts with; these stand-ins answer "no match" and "no size".
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = NoResizeObserver;
window.scrollTo = () => undefined;
// An autosizing textarea listens for web fonts to finish loading; jsdom has no font set: none ever loads.
Object.defineProperty(document, 'fonts', { value: new EventTarget() });
Element.prototype.scrollIntoView = () => undefined;

// The machines have two cores and the screen tests run in parallel: a screen may take more than the default
// second to settle, which is not what these tests are about.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
