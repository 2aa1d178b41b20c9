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

/** The inactivity warning of session-timeout.tsx, loaded after the first paint. */
export function SessionTimeoutDialog({
  secondsLeft,
  onLogoutNow,
  onStayActive,
}: {
  secondsLeft: number | null;
  onLogoutNow: () => void;
  onStayActive: () => void;
}) {
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
          <Button variant="outline" onClick={onLogoutNow}>
            Logout Now
          </Button>
          <Button onClick={onStayActive}>Stay Active</Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
