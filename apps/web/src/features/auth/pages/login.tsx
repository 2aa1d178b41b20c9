import { Link, useLocation } from 'wouter';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { useLogin } from '@/lib/auth';

export function LoginPage() {
  const [, navigate] = useLocation();
  const login = useLogin();
  return (
    <AuthLayout title="Welcome back" description="Sign in to manage your escrow transactions.">
      <LoginForm
        onSubmit={async (values) => {
          await login.mutateAsync(values);
          navigate('/dashboard');
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
