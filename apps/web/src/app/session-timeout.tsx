import * as React from 'react';
import { Clock } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { createIdleTimer, type IdleTimer } from '@/lib/idle-timer';
import { rememberSignedOutReason } from '@/lib/signed-out-notice';

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

  return (
    <AlertDialog open={secondsLeft !== null}>
      <AlertDialogContent onEscapeKeyDown={(e) => e.preventDefault()} className="max-w-md">
        <AlertDialogHeader className="items-center sm:items-start">
          <div className="flex size-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Clock className="size-5" aria-hidden="true" />
          </div>
          <AlertDialogTitle>Session Timeout Warning</AlertDialogTitle>
          <AlertDialogDescription>
            You've been inactive for a while. Your session will expire soon for security.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <p
          className="rounded-lg bg-amber-50 px-4 py-3 text-center text-sm font-medium text-amber-900"
          aria-live="polite"
        >
          {`Auto-logout in ${secondsLeft ?? 0} seconds`}
        </p>
        <AlertDialogFooter>
          <Button variant="outline" onClick={logoutNow}>
            Logout Now
          </Button>
          <Button onClick={stayActive}>Stay Active</Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
