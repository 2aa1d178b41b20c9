import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { PasswordResetNotice } from '../components/password-reset-notice';
import { isChallenge, type SignInChallenge } from '../lib/challenge';
import { useLogin } from '@/lib/auth';
import { useReturnPath } from '../lib/use-return-path';

// Few accounts have a second factor: its step downloads when a sign-in asks for it (started on submit).
const loadTwoFactorStep = () => import('../components/two-factor-step');
const TwoFactorStep = React.lazy(() => loadTwoFactorStep().then((m) => ({ default: m.TwoFactorStep })));

export function LoginPage() {
  const [, navigate] = useLocation();
  const login = useLogin();
  const { verifying, goNext } = useReturnPath();
  const [challenge, setChallenge] = React.useState<SignInChallenge | null>(null);
  const finish = () => goNext(navigate, '/dashboard');
  if (challenge) {
    return (
      <AuthLayout title="Two-factor verification" description="One more step to keep your account safe.">
        <React.Suspense fallback={null}>
          <TwoFactorStep challenge={challenge} onSignedIn={finish} onRestart={() => setChallenge(null)} />
        </React.Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Welcome back"
      description={verifying ? 'Sign in to confirm your email address.' : 'Sign in to manage your escrow transactions.'}
    >
      <PasswordResetNotice />
      <LoginForm
        onSubmit={async (values) => {
          void loadTwoFactorStep();
          const result = await login.mutateAsync(values);
          if (isChallenge(result)) setChallenge(result);
          else finish();
        }}
        footer={
          <div className="space-y-2 text-center text-sm text-muted-foreground">
            <p>
              <Link href="/forgot-password" className="font-medium text-primary hover:underline">
                Forgot password?
              </Link>
            </p>
            <p>
              Don't have an account?{' '}
              <Link href="/register" className="font-medium text-primary hover:underline">
                Create one
              </Link>
            </p>
          </div>
        }
      />
    </AuthLayout>
  );
}
