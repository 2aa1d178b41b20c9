import * as React from 'react';
import { Link } from 'wouter';
import { FileCheck2 } from 'lucide-react';
import { LEGAL_MESSAGES, type TUser } from '@holdfast/contracts';
import { MarkdownText } from '@/components/markdown';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorCode, errorMessage } from '@/lib/api';
import { useLogout } from '@/lib/auth';
import { useLegalPage } from '@/lib/queries/get-legal-page';
import { useAcceptTerms } from '../api/accept-terms';
import { AuthLayout } from '../components/auth-layout';
import { FormError } from '../components/form-error';

const linkClass = 'font-medium text-primary underline-offset-2 hover:underline';

/**
 * Shown instead of the app while the signed-in account has not accepted the current Terms of Service (a new
 * account made without them, or a new version since): the server refuses everything else until then. The
 * public pages (/terms, /privacy, /fees, /contact, /help) stay open, so the Terms can be read in full first.
 */
export function AcceptTermsPage({ user }: { user: TUser }) {
  const terms = useLegalPage('terms');
  const accept = useAcceptTerms();
  const { logout, isPending: signingOut } = useLogout();
  const [checked, setChecked] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const updated = user.termsVersion !== null;
  React.useEffect(() => {
    document.title = 'Accept the Terms of Service · Holdfast';
  }, []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checked) return setError(LEGAL_MESSAGES.acceptRequired);
    if (!terms.data?.version) return;
    setError(null);
    try {
      await accept.mutateAsync({ version: terms.data.version });
    } catch (err) {
      // The Terms changed while they were read: show the new ones, to be read and accepted again.
      if (errorCode(err) === 'TERMS_VERSION_CHANGED') {
        setChecked(false);
        void terms.refetch();
      }
      setError(errorMessage(err, LEGAL_MESSAGES.acceptFailed));
    }
  };

  return (
    <AuthLayout
      title={updated ? 'Our Terms of Service have changed' : 'Accept the Terms of Service'}
      description={
        updated
          ? 'Please read the new version and accept it to go on using Holdfast.'
          : 'Please read and accept them to start using Holdfast.'
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <p className="rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
          Signed in as <span className="font-medium text-foreground [overflow-wrap:anywhere]">{user.email}</span>
        </p>
        <FormError id="accept-terms-error" message={error} />
        {terms.isLoading ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading the Terms of Service" />
          </div>
        ) : !terms.data ? (
          <div className="space-y-3">
            <FormError message={errorMessage(terms.error, 'Failed to load the Terms of Service')} />
            <Button type="button" variant="outline" onClick={() => void terms.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <div
              role="region"
              aria-label="Terms of Service"
              tabIndex={0}
              className="max-h-72 overflow-y-auto rounded-lg border bg-card px-4 pb-4 text-sm focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            >
              <MarkdownText nested>{terms.data.markdown}</MarkdownText>
            </div>
            <p className="text-sm text-muted-foreground">
              Version {terms.data.version}. Read them on their own page:{' '}
              <Link href="/terms" className={linkClass}>
                Terms of Service
              </Link>
              ; how we handle your data:{' '}
              <Link href="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
              .
            </p>
            <div className="flex items-start gap-3">
              <input
                id="accept-terms"
                type="checkbox"
                checked={checked}
                onChange={(e) => setChecked(e.target.checked)}
                aria-invalid={error && !checked ? true : undefined}
                aria-describedby={error ? 'accept-terms-error' : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <label htmlFor="accept-terms" className="text-sm leading-snug">
                I accept the Terms of Service and have read the Privacy Policy
              </label>
            </div>
          </>
        )}
        <Button type="submit" className="w-full" size="lg" disabled={accept.isPending || !terms.data}>
          {accept.isPending ? <Spinner /> : <FileCheck2 aria-hidden="true" />}
          {accept.isPending ? 'Saving...' : 'Accept and continue'}
        </Button>
        <Button type="button" variant="ghost" className="w-full" onClick={() => void logout()} disabled={signingOut}>
          Sign Out
        </Button>
      </form>
    </AuthLayout>
  );
}
