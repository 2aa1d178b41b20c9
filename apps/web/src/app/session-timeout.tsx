import * as React from 'react';
import { useLogout } from '@/lib/auth';
import { deferred, whenIdleAfterLoad } from '@/lib/deferred';
import { usePublicConfig } from '@/lib/config';
import { createIdleTimer, type IdleTimer } from '@/lib/idle-timer';
import { currentPath, rememberReturnPath } from '@/lib/return-path';
import { rememberSignedOutReason } from '@/lib/signed-out-notice';

const warningDialog = deferred(() => import('./session-timeout-dialog'));

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'keydown', 'scroll', 'touchstart', 'click', 'focus'];

/**
 * Inactivity guard for signed-in users (spec sections 2 and 4). Timings come from GET /api/config
 * so deployments (and browser tests) can change them; the defaults are 2 minutes and 30 seconds.
 */
export function SessionTimeout() {
  const { config, isLoading } = usePublicConfig();
  const { logout } = useLogout();
  const [secondsLeft, setSecondsLeft] = React.useState<number | null>(null);
  const timerRef = React.useRef<IdleTimer | null>(null);
  const logoutRef = React.useRef(logout);
  React.useEffect(() => {
    logoutRef.current = logout;
  }, [logout]);

  const { sessionIdleTimeoutMs, sessionWarningMs } = config;

  React.useEffect(() => {
    if (isLoading) return;
    const timer = createIdleTimer({
      idleTimeoutMs: sessionIdleTimeoutMs,
      warningMs: sessionWarningMs,
      onWarning: (s) => setSecondsLeft(s),
      onTick: (s) => setSecondsLeft(s),
      onExpire: () => {
        setSecondsLeft(null);
        rememberSignedOutReason('idle');
        // The spec sends an idle sign-out to /; the next sign-in in this tab comes back here.
        rememberReturnPath(currentPath());
        void logoutRef.current();
      },
      // Any signed-in request records activity on the server; failures are left to the next real call.
      onKeepAlive: () => void fetch('/api/auth/session', { credentials: 'include' }).catch(() => undefined),
    });
    timerRef.current = timer;
    const onActivity = () => timer.activity();
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, { capture: true, passive: true }));
    timer.start();
    return () => {
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
      timer.stop();
      timerRef.current = null;
    };
  }, [isLoading, sessionIdleTimeoutMs, sessionWarningMs]);

  const stayActive = () => {
    setSecondsLeft(null);
    timerRef.current?.stayActive();
  };

  const logoutNow = () => {
    timerRef.current?.stop();
    setSecondsLeft(null);
    void logout();
  };

  // The dialog (Radix alert dialog) is not needed for the first paint: it loads when the browser is
  // idle after the page has loaded, or at the warning at the latest.
  const [dialog, setDialog] = React.useState(warningDialog.get);
  const warning = secondsLeft !== null;
  React.useEffect(() => {
    if (dialog) return;
    const load = () =>
      void warningDialog.load().then(
        (m) => setDialog(() => m),
        () => undefined,
      );
    if (warning) load();
    else return whenIdleAfterLoad(load);
  }, [dialog, warning]);
  if (!dialog) return null;
  return <dialog.SessionTimeoutDialog secondsLeft={secondsLeft} onLogoutNow={logoutNow} onStayActive={stayActive} />;
}
