import { ACTIVITY_EVENTS } from '@referrals/domain/constants';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LAST_ACTIVITY_KEY, LAST_SERVER_CONTACT_KEY, readTimestamp } from '@/lib/auth/auth-storage';
import { needsKeepAlive, sessionTimeline, shouldRecordActivity } from '@/lib/auth/inactivity';
import { recordActivity, refreshSession, rememberReturnTo, startSignIn } from '@/lib/auth/session';
import { browserLocalStorage } from '@/lib/browser-storage';
import { paths } from '@/lib/paths';
import { MountWhenOpened } from '@/ui/mount-when-opened';
import { leaveAfterLogout, useLogout } from '../api/logout';

const TICK_MS = 1_000;

const readLastActivity = () => readTimestamp(browserLocalStorage(), LAST_ACTIVITY_KEY);
const currentAddress = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The clock and the shared last-activity time, re-read every second and whenever another tab writes. */
function useSessionClock() {
  const [clock, setClock] = useState(() => ({ now: Date.now(), lastActivityAt: readLastActivity() }));
  const update = useCallback(() => setClock({ now: Date.now(), lastActivityAt: readLastActivity() }), []);
  useEffect(() => {
    const timer = window.setInterval(update, TICK_MS);
    window.addEventListener('storage', update);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', update);
    };
  }, [update]);
  return { ...clock, update };
}

/** The server no longer knows the session: sign in again and come back here. */
function signInAgain() {
  startSignIn({ returnTo: currentAddress() }).catch((error: unknown) => {
    console.error('Could not start the sign-in', error);
  });
}

function keepServerSessionAlive() {
  refreshSession()
    .then((alive) => {
      if (!alive) signInAgain();
    })
    .catch(() => {
      // Offline for a moment: the next activity tries again.
    });
}

const ExpiryDialog = lazy(() => import('./session-expiry-dialog').then((m) => ({ default: m.ExpiryDialog })));

/**
 * Inactivity for the signed-in layout (spec sections 2 Layout and 9): records activity for every tab,
 * keeps the server session alive while the user is active, warns SESSION_EXPIRY_WARNING_SECONDS before
 * the timeout with a countdown, and logs out at zero, on to the login page with session_expired.
 */
export function SessionExpiry({ timeoutMs }: { timeoutMs: number }) {
  const navigate = useNavigate();
  const { mutateAsync: logOut } = useLogout();
  const { now, lastActivityAt, update } = useSessionClock();
  const timeline = lastActivityAt === null ? null : sessionTimeline({ lastActivityAt, timeoutMs, now });
  const phase = timeline?.phase ?? 'active';

  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);

  useEffect(() => {
    const onActivity = () => {
      // While the warning shows, only its own button keeps the session: a stray click must not.
      if (phaseRef.current !== 'active') return;
      const time = Date.now();
      if (shouldRecordActivity(readLastActivity(), time)) recordActivity(time);
      if (needsKeepAlive(readTimestamp(browserLocalStorage(), LAST_SERVER_CONTACT_KEY), time)) {
        keepServerSessionAlive();
      }
    };
    const options = { capture: true, passive: true };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, options);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, options);
    };
  }, []);

  // Leaving happens once, however many ticks or tabs report it.
  const leaving = useRef(false);
  const leave = useCallback(
    (sessionExpired: boolean) => {
      if (leaving.current) return;
      leaving.current = true;
      const returnTo = currentAddress();
      void logOut().finally(() => {
        const goToLogin = () => navigate(paths.auth.login.getHref({ sessionExpired }), { replace: true });
        // Come back here after signing in again; an explicit logout starts afresh at the dashboard, by
        // an external provider's logout page if it has one. After inactivity the next sign-in asks for the
        // password anyway (prompt=login), and /login keeps the session-expired hint.
        if (sessionExpired) {
          rememberReturnTo(returnTo);
          void goToLogin();
        } else {
          void leaveAfterLogout(goToLogin);
        }
      });
    },
    [logOut, navigate],
  );

  useEffect(() => {
    if (phase === 'expired') leave(true);
  }, [phase, leave]);

  // Another tab logged out: it cleared the shared last-activity time. Follow it.
  const hadActivity = useRef(lastActivityAt !== null);
  useEffect(() => {
    if (lastActivityAt !== null) hadActivity.current = true;
    else if (hadActivity.current) leave(false);
  }, [lastActivityAt, leave]);

  const stay = () => {
    recordActivity();
    update();
    keepServerSessionAlive();
  };

  return (
    <MountWhenOpened opened={phase === 'warning'}>
      <ExpiryDialog
        opened={phase === 'warning'}
        secondsLeft={timeline?.secondsLeft ?? 0}
        onStay={stay}
        onLogOut={() => leave(false)}
      />
    </MountWhenOpened>
  );
}
