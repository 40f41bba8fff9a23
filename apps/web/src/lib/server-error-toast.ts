import { ERROR_TOAST_MS } from '@referrals/domain/constants';
import { notifications } from '@mantine/notifications';

/** The Server error toast text (spec section 8, 500), verbatim. */
export function serverErrorMessage(supportEmail: string): string {
  return `Oops, something went wrong. Please try again or contact support at ${supportEmail}`;
}

/**
 * Shows the Server error toast (spec sections 2 Layout and 8). A fixed id, because a screen that fires
 * several calls at a failing server should show one toast, not a stack of identical ones.
 */
export function showServerErrorToast(supportEmail: string): void {
  notifications.show({
    id: 'server-error',
    title: 'Server error',
    message: serverErrorMessage(supportEmail),
    color: 'red',
    autoClose: ERROR_TOAST_MS,
  });
}
