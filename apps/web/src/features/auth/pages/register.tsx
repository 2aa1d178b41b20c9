import { Link, useLocation, useSearch } from 'wouter';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { useRegister } from '@/lib/auth';
import { roleFromSearch } from '../lib/validate';

export function RegisterPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const register = useRegister();
  return (
    <AuthLayout
      title="Create your account"
      description="Join Holdfast to buy, sell and hire with your money protected."
    >
      <RegisterForm
        // Re-mount when the link's ?role= changes so the preselection follows it.
        key={roleFromSearch(search)}
        initialRole={roleFromSearch(search)}
        onSubmit={async (values) => {
          await register.mutateAsync(values);
          navigate('/dashboard');
        }}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link href="/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
