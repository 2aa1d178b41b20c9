import * as React from 'react';
import { useLocation, useSearch } from 'wouter';
import { MailCheck, MailWarning, X } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useResendVerification } from '@/lib/auth';

type Arrival = 'verified' | 'link-failed' | null;

/**
 * How the person arrived: the verification link lands on /dashboard?verified=1, with &error=... when the
 * link was bad or expired. Read once, then the parameters leave the address bar (a reload says nothing).
 */
function useVerificationArrival(): Arrival {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [arrival] = React.useState<Arrival>(() => {
    const params = new URLSearchParams(search);
    if (params.has('error')) return 'link-failed';
    return params.get('verified') === '1' ? 'verified' : null;
  });
  React.useEffect(() => {
    if (arrival) navigate(path, { replace: true });
  }, [arrival, navigate, path]);
  return arrival;
}

function ResendButton({ email }: { email: string }) {
  const resend = useResendVerification();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Verification email sent', description: `Check ${email} for the verification link.` }),
      onError: (err) => toastError(errorMessage(err, 'Failed to send verification email')),
    });
  return (
    <Button size="sm" variant="outline" className="mt-2 bg-card" onClick={onResend} disabled={resend.isPending}>
      {resend.isPending && <Spinner />}
      Resend verification email
    </Button>
  );
}

/** The address on its own, wrapped only where it cannot fit (never mid-word when it can). */
function Address({ email }: { email: string }) {
  return <strong className="font-semibold [overflow-wrap:anywhere]">{email}</strong>;
}

/**
 * Top of the dashboard: says the emailed link worked (only when the server says the address is verified),
 * that it did not, or asks an unverified person to verify, with a resend button.
 */
export function EmailVerificationBanner({ user }: { user: TUser }) {
  const arrival = useVerificationArrival();
  const [dismissed, setDismissed] = React.useState(false);

  if (user.emailVerified) {
    if (arrival !== 'verified' || dismissed) return null;
    return (
      <Alert variant="success" role="status">
        <MailCheck aria-hidden="true" />
        <AlertTitle className="pr-8">Email verified</AlertTitle>
        <AlertDescription>
          <p>
            Thank you: <Address email={user.email} /> is confirmed. Transactions addressed to you can now reach you.
          </p>
        </AlertDescription>
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-1.5 right-1.5 size-8 text-emerald-900 hover:bg-emerald-100"
          aria-label="Dismiss"
          onClick={() => setDismissed(true)}
        >
          <X aria-hidden="true" />
        </Button>
      </Alert>
    );
  }

  const failed = arrival === 'link-failed';
  return (
    <Alert variant={failed ? 'destructive' : 'warning'} role={failed ? 'alert' : 'status'}>
      <MailWarning aria-hidden="true" />
      <AlertTitle>{failed ? 'That verification link did not work' : 'Verify your email address'}</AlertTitle>
      <AlertDescription>
        <p>
          {failed ? (
            'It is invalid or has expired. Send yourself a new one.'
          ) : (
            <>
              We sent a link to <Address email={user.email} />. Verify it to receive transactions addressed to you and
              act on them as a seller.
            </>
          )}
        </p>
        <ResendButton email={user.email} />
      </AlertDescription>
    </Alert>
  );
}
