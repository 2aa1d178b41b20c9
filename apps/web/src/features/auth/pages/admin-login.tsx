import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { MESSAGES } from '@holdfast/contracts/constants';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { isChallenge, TwoFactorStep, type SignInChallenge } from '../components/two-factor-step';
import { useAdminLogin } from '@/lib/auth';
import { useReturnPath } from '../lib/use-return-path';

export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const adminLogin = useAdminLogin();
  const { goNext } = useReturnPath();
  const finish = () => goNext(navigate, '/admin-dashboard');
  const [challenge, setChallenge] = React.useState<SignInChallenge | null>(null);
  if (challenge) {
    return (
      <AuthLayout
        title="Two-factor verification"
        description="Administrators confirm every sign-in with a second factor."
      >
        <TwoFactorStep challenge={challenge} onSignedIn={finish} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Admin sign in" description="Restricted area for Holdfast administrators.">
      <div className="mb-6 flex items-center gap-2 rounded-lg border bg-card px-4 py-3 text-sm text-muted-foreground">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        Only administrator accounts can sign in here.
      </div>
      <LoginForm
        submitLabel="Sign In as Admin"
        fallbackError={MESSAGES.auth.adminOnly}
        onSubmit={async (values) => {
          const result = await adminLogin.mutateAsync(values);
          if (isChallenge(result)) setChallenge(result);
          else finish();
        }}
        footer={
          <p className="text-center text-sm text-muted-foreground">
            <Link href="/" className="font-medium text-primary hover:underline">
              Back to Holdfast
            </Link>
          </p>
        }
      />
    </AuthLayout>
  );
}
