import { replace, type LoaderFunction } from 'react-router';
import { paths } from '@/lib/paths';

// Replace rather than push, so Back does not return to the bad address and bounce straight to /404 again.
const notFound = () => replace(paths.status.notFound.getHref());

/** Unknown paths redirect to /404 (spec section 2). */
export const redirectToNotFound: LoaderFunction = () => notFound();

/** A list route whose :type is not one of the spec's list types is the 404 page (spec section 2 List types). */
export function requireListType(isListType: (value: unknown) => boolean): LoaderFunction {
  return ({ params }) => (isListType(params.type) ? null : notFound());
}

const ADMIN_SUBPAGES: readonly (string | undefined)[] = [undefined, 'all', 'removed'];

/** The admin portal has one page, users, with the subpages all and removed (spec section 2). */
export const requireAdminPage: LoaderFunction = ({ params }) =>
  params.page === 'users' && ADMIN_SUBPAGES.includes(params.subpage) ? null : notFound();
