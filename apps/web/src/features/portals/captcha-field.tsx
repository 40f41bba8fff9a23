import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import classes from './captcha-field.module.css';

/** Where the server issues the portal's ALTCHA challenges (docs/portals.md: self-hosted). */
const CHALLENGE_URL = '/api/public/captcha/';

/** What the widget's statechange event carries (altcha's State: unverified, verifying, verified, expired...). */
type StateChange = { state: string; payload?: string | null };

/**
 * The check that the sender is not a robot: ALTCHA's widget solves a proof of work in the browser and
 * hands back its payload for the submit. The widget is loaded when this field first shows, so no other
 * screen carries it (nor does this page's first paint).
 */
export function CaptchaField({
  onChange,
  error,
}: {
  onChange: (payload: string | null) => void;
  error?: string;
}) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const report = useEffectEvent((payload: string | null) => onChange(payload));

  useEffect(() => {
    let live = true;
    import('./altcha-loader').then(
      () => live && setLoaded(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || element === null) return undefined;
    // The widget reports on itself (events fire on the element): a solution once verified, and nothing once
    // it expires or fails, so an old solution is never sent.
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      report(state === 'verified' && typeof payload === 'string' && payload !== '' ? payload : null);
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [loaded]);

  return (
    <Stack gap={6} className={classes.captcha}>
      {failed ? (
        <Text size="sm" c="red.8" role="alert">
          The check that you are not a robot could not be loaded. Reload the page to try again.
        </Text>
      ) : loaded ? (
        <altcha-widget ref={widget} challenge={CHALLENGE_URL} />
      ) : (
        <Loader size="sm" aria-label="Loading the check that you are not a robot" />
      )}
      {error !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
