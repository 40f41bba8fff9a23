import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';

/** Data every route carries; the root route turns `title` into the document title. */
export type RouteHandle = { title: string };

/**
 * A route whose screen is its own chunk, fetched on first visit (house-style.md: routes are lazy).
 * `load` picks the named export so page modules keep readable component names.
 */
export function lazyRoute(
  path: string,
  title: string,
  load: () => Promise<ComponentType>,
  loader?: LoaderFunction,
): RouteObject {
  const handle: RouteHandle = { title };
  return {
    path,
    handle,
    ...(loader === undefined ? {} : { loader }),
    lazy: async () => ({ Component: await load() }),
  };
}
