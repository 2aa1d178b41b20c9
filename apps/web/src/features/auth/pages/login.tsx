import { Link, useLocation } from 'wouter';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { useLogin } from '@/lib/auth';
import { safeNext } from '../lib/next';

export function LoginPage() {
  const [, navigate] = useLocation();
  const login = useLogin();
  const next = safeNext(window.location.search);
  return (
    <AuthLayout
      title="Welcome back"
      description={next ? 'Sign in to confirm your email address.' : 'Sign in to manage your escrow transactions.'}
    >
      <LoginForm
        onSubmit={async (values) => {
          await login.mutateAsync(values);
          // The verification link is a server route: a full page load, not a client-side navigation.
          if (next) window.location.assign(next);
          else navigate('/dashboard');
        }}
        footer={
          <p className="text-center text-sm text-muted-foreground">
            Don't have an account?{' '}
            <Link href="/register" className="font-medium text-primary hover:underline">
              Create one
            </Link>
          </p>
        }
      />
    </AuthLayout>
  );
}
