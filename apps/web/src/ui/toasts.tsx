import { Notifications } from '@mantine/notifications';

/** Where toasts appear; loaded with the first toast (app/providers.tsx). */
export function Toasts() {
  return <Notifications position="top-right" zIndex={1000} />;
}
