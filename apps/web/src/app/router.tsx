import * as React from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { TUser } from '@holdfast/contracts';
import { PageSpinner } from '@/components/ui/spinner';
import { usePublicConfig } from '@/lib/config';
import { pageTitle } from '@/lib/page-title';
import { AdminDashboardPage } from '@/features/admin/pages/admin-dashboard';
import { AdminLoginPage } from '@/features/auth/pages/admin-login';
import { ChangePasswordPage } from '@/features/auth/pages/change-password';
import { ForgotPasswordPage } from '@/features/auth/pages/forgot-password';
import { LoginPage } from '@/features/auth/pages/login';
import { safeNext } from '@/features/auth/lib/next';
import { RegisterPage } from '@/features/auth/pages/register';
import { ResetPasswordPage } from '@/features/auth/pages/reset-password';
import { DashboardPage } from '@/features/dashboard/pages/dashboard';
import { DevMailboxPage } from '@/features/dev-mailbox/pages/dev-mailbox';
import { HomePage } from '@/features/home/pages/home';
import { LandingPage } from '@/features/landing/pages/landing';
import { MessagesPage } from '@/features/messages/pages/messages';
import { ModeratorApplicationPage } from '@/features/moderation/pages/moderator-application';
import { ModeratorDashboardPage } from '@/features/moderation/pages/moderator-dashboard';
import { CheckoutPage } from '@/features/payments/pages/checkout';
import { PaymentSuccessPage } from '@/features/payments/pages/payment-success';
import { WalletDepositPage } from '@/features/payments/pages/wallet-deposit';
import { ProfileSettingsPage } from '@/features/profile/pages/profile-settings';
import { PublicProfilePage } from '@/features/profile/pages/public-profile';
import { SecuritySettingsPage } from '@/features/security/pages/security-settings';
import { LiveChatPage } from '@/features/support/pages/live-chat';
import { SupportPage } from '@/features/support/pages/support';
import { SupportConsolePage } from '@/features/support-console/pages/support-console';
import { CreateTransactionPage } from '@/features/transactions/pages/create-transaction';
import { TransactionDetailsPage } from '@/features/transactions/pages/transaction-details';
import { TransactionsPage } from '@/features/transactions/pages/transactions';
import { DepositFundsPage } from '@/features/wallet/pages/deposit-funds';
import { AppShell } from './layout/app-shell';
import { NotFoundPage } from './routes/not-found';
import { TestPage } from './routes/test-page';
import { SessionTimeout } from './session-timeout';
import { useAuthGate } from './use-auth-gate';

/** Signed-in pages (spec section 2), each rendered inside the app shell. */
const SIGNED_IN_PAGES: Array<[path: string, Page: React.ComponentType]> = [
  ['/create-transaction', CreateTransactionPage],
  ['/transactions', TransactionsPage],
  ['/transactions/:id/checkout', CheckoutPage],
  ['/transactions/:id', TransactionDetailsPage],
  ['/messages', MessagesPage],
  ['/deposit-funds', DepositFundsPage],
  ['/wallet/deposit', WalletDepositPage],
  ['/payment-success', PaymentSuccessPage],
  ['/moderator-dashboard', ModeratorDashboardPage],
  ['/moderator-application', ModeratorApplicationPage],
  ['/security-settings', SecuritySettingsPage],
  ['/support', SupportPage],
  ['/live-chat', LiveChatPage],
  ['/support-console', SupportConsolePage],
  ['/profile-settings', ProfileSettingsPage],
];

/** A signed-in visitor of /login goes to the dashboard, or on to the verification link that sent them. */
function SignedInLogin() {
  const next = safeNext(window.location.search);
  React.useEffect(() => {
    if (next) window.location.assign(next);
  }, [next]);
  return next ? null : <Redirect to="/dashboard" replace />;
}

/** Pages staff may open before enrolling a second factor: where they enrol, and the dev mailbox (SMS codes). */
const OPEN_BEFORE_STAFF_TWO_FACTOR = new Set(['/security-settings', '/dev/mailbox', '/reset-password']);

function SignedInRoutes({ user }: { user: TUser }) {
  const { config } = usePublicConfig();
  const [location] = useLocation();
  // Staff powers need a second factor (REQUIRE_STAFF_2FA): the server refuses their calls, so send them
  // where they turn it on.
  const mustEnrol =
    config.staffTwoFactorRequired && (user.role === 'moderator' || user.role === 'admin') && !user.twoFactorEnabled;
  if (mustEnrol && !OPEN_BEFORE_STAFF_TWO_FACTOR.has(location)) return <Redirect to="/security-settings" replace />;
  return (
    <Switch>
      <Route path="/login">
        <SignedInLogin />
      </Route>
      <Route path="/register">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/forgot-password">
        <Redirect to="/security-settings" replace />
      </Route>
      {/* The emailed link may be opened in a signed-in browser; the reset then signs it out. */}
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/admin/login">
        {user.role === 'admin' ? <Redirect to="/admin-dashboard" replace /> : <AdminLoginPage />}
      </Route>
      <Route>
        <AppShell user={user}>
          <Switch>
            <Route path="/">
              <DashboardPage user={user} />
            </Route>
            <Route path="/dashboard">
              <DashboardPage user={user} />
            </Route>
            <Route path="/home">
              <HomePage user={user} loading={false} />
            </Route>
            <Route path="/admin-dashboard">
              {user.role === 'admin' ? <AdminDashboardPage /> : <Redirect to="/admin/login" replace />}
            </Route>
            {SIGNED_IN_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} component={Page} />
            ))}
            <SharedRoutes />
          </Switch>
        </AppShell>
        <SessionTimeout />
      </Route>
    </Switch>
  );
}

function SignedOutRoutes({ userLoading }: { userLoading: boolean }) {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/admin/login" component={AdminLoginPage} />
      <Route path="/admin-dashboard">
        <Redirect to="/admin/login" replace />
      </Route>
      <Route>
        <AppShell user={null}>
          <Switch>
            <Route path="/home">
              <HomePage user={null} loading={userLoading} />
            </Route>
            <Route path="/moderator-application" component={ModeratorApplicationPage} />
            <SharedRoutes />
          </Switch>
        </AppShell>
      </Route>
    </Switch>
  );
}

/** Always available, signed in or not; ends with the not-found page. */
function SharedRoutes() {
  return (
    <Switch>
      <Route path="/test" component={TestPage} />
      <Route path="/profile/:slug" component={PublicProfilePage} />
      <Route path="/dev/mailbox" component={DevMailboxRoute} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** The development mailbox exists only when the server says so (never in production). */
function DevMailboxRoute() {
  const { config, isLoading } = usePublicConfig();
  if (isLoading) return <PageSpinner />;
  return config.devMailbox ? <DevMailboxPage /> : <NotFoundPage />;
}

/** Keeps the document's <title> on the current page's own name. */
function usePageTitle() {
  const [location] = useLocation();
  React.useEffect(() => {
    document.title = pageTitle(location);
  }, [location]);
}

export function AppRouter() {
  usePageTitle();
  const { user, loading, userLoading } = useAuthGate();
  if (loading) return <PageSpinner message="Loading authentication..." className="min-h-dvh" />;
  if (!user) return <SignedOutRoutes userLoading={userLoading} />;
  // A temporary password (a created moderator) is replaced before anything else; the server insists too.
  return user.mustChangePassword ? <ChangePasswordPage user={user} /> : <SignedInRoutes user={user} />;
}
