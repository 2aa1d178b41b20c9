import * as React from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { TUser } from '@holdfast/contracts';
import { PageSpinner } from '@/components/ui/spinner';
import { userQueryOptions } from '@/lib/auth';
import { staffMustEnrolTwoFactor, usePublicConfig } from '@/lib/config';
import { queryClient } from '@/lib/query-client';
import { pageTitle } from '@/lib/page-title';
import { currentPath, isServerPath, returnPathOf, signInPathFor } from '@/lib/return-path';
import { PUBLIC_PAGE_PATHS } from '@/components/layout/site-links';
import { NotFoundPage } from './routes/not-found';
import { useAuthGate } from './use-auth-gate';

/**
 * Every page is its own chunk, fetched when its route is first shown: the landing and sign-in pages do
 * not download the signed-in app (shell, dashboard, payments). `lazyPage` keeps each page's named export.
 * `preload()` fetches a page's code ahead of its first render; a page whose code is already there when it
 * mounts renders at once, without a Suspense fallback in between (no empty frame, nothing shifts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's props; each page keeps its own type
function lazyPage<M extends Record<K, React.ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): React.FC<React.ComponentProps<M[K]>> & { preload: () => Promise<unknown> } {
  let loaded: M[K] | undefined;
  let loading: Promise<{ default: M[K] }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return { default: module[name] };
    }));
  const Lazy = React.lazy(preload);
  const Page = (props: React.ComponentProps<M[K]>) => {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [{ Component }] = React.useState(() => ({
      Component: (loaded ?? Lazy) as React.ComponentType<typeof props>,
    }));
    return <Component {...props} />;
  };
  return Object.assign(Page, { preload });
}

const AdminDashboardPage = lazyPage(() => import('@/features/admin/pages/admin-dashboard'), 'AdminDashboardPage');
const AdminUserPage = lazyPage(() => import('@/features/admin/pages/admin-user'), 'AdminUserPage');
const AdminLoginPage = lazyPage(() => import('@/features/auth/pages/admin-login'), 'AdminLoginPage');
const AcceptTermsPage = lazyPage(() => import('@/features/auth/pages/accept-terms'), 'AcceptTermsPage');
const ChangePasswordPage = lazyPage(() => import('@/features/auth/pages/change-password'), 'ChangePasswordPage');
const ForgotPasswordPage = lazyPage(() => import('@/features/auth/pages/forgot-password'), 'ForgotPasswordPage');
const LoginPage = lazyPage(() => import('@/features/auth/pages/login'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/pages/register'), 'RegisterPage');
const ResetPasswordPage = lazyPage(() => import('@/features/auth/pages/reset-password'), 'ResetPasswordPage');
const DashboardPage = lazyPage(() => import('@/features/dashboard/pages/dashboard'), 'DashboardPage');
const DevMailboxPage = lazyPage(() => import('@/features/dev-mailbox/pages/dev-mailbox'), 'DevMailboxPage');
const HomePage = lazyPage(() => import('@/features/home/pages/home'), 'HomePage');
const LandingPage = lazyPage(() => import('@/features/landing/pages/landing'), 'LandingPage');
const TermsPage = lazyPage(() => import('@/features/legal/pages/legal-document'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/features/legal/pages/legal-document'), 'PrivacyPage');
const FeesPage = lazyPage(() => import('@/features/legal/pages/fees'), 'FeesPage');
const ContactPage = lazyPage(() => import('@/features/legal/pages/contact'), 'ContactPage');
const HelpPage = lazyPage(() => import('@/features/legal/pages/help'), 'HelpPage');
const MessagesPage = lazyPage(() => import('@/features/messages/pages/messages'), 'MessagesPage');
const ModeratorApplicationPage = lazyPage(
  () => import('@/features/moderation/pages/moderator-application'),
  'ModeratorApplicationPage',
);
const ModeratorDashboardPage = lazyPage(
  () => import('@/features/moderation/pages/moderator-dashboard'),
  'ModeratorDashboardPage',
);
const ModeratorCasePage = lazyPage(() => import('@/features/moderation/pages/moderator-case'), 'ModeratorCasePage');
const DisputeCasePage = lazyPage(() => import('@/features/disputes/pages/dispute-case'), 'DisputeCasePage');
const ModeratorsPage = lazyPage(() => import('@/features/moderators/pages/moderators'), 'ModeratorsPage');
const CheckoutPage = lazyPage(() => import('@/features/payments/pages/checkout'), 'CheckoutPage');
const PaymentSuccessPage = lazyPage(() => import('@/features/payments/pages/payment-success'), 'PaymentSuccessPage');
const WalletDepositPage = lazyPage(() => import('@/features/payments/pages/wallet-deposit'), 'WalletDepositPage');
const ProfileSettingsPage = lazyPage(() => import('@/features/profile/pages/profile-settings'), 'ProfileSettingsPage');
const PublicProfilePage = lazyPage(() => import('@/features/profile/pages/public-profile'), 'PublicProfilePage');
const SecuritySettingsPage = lazyPage(
  () => import('@/features/security/pages/security-settings'),
  'SecuritySettingsPage',
);
const IdentityVerificationPage = lazyPage(
  () => import('@/features/identity/pages/identity-verification'),
  'IdentityVerificationPage',
);
const IdentityReviewsPage = lazyPage(() => import('@/features/admin/pages/identity-reviews'), 'IdentityReviewsPage');
const LiveChatPage = lazyPage(() => import('@/features/support/pages/live-chat'), 'LiveChatPage');
const SupportPage = lazyPage(() => import('@/features/support/pages/support'), 'SupportPage');
const SupportConsolePage = lazyPage(
  () => import('@/features/support-console/pages/support-console'),
  'SupportConsolePage',
);
const CreateTransactionPage = lazyPage(
  () => import('@/features/transactions/pages/create-transaction'),
  'CreateTransactionPage',
);
const TransactionDetailsPage = lazyPage(
  () => import('@/features/transactions/pages/transaction-details'),
  'TransactionDetailsPage',
);
const TransactionsPage = lazyPage(() => import('@/features/transactions/pages/transactions'), 'TransactionsPage');
const VerificationPage = lazyPage(() => import('@/features/verification/pages/verification'), 'VerificationPage');
const DepositFundsPage = lazyPage(() => import('@/features/wallet/pages/deposit-funds'), 'DepositFundsPage');
const AppShell = lazyPage(() => import('./layout/app-shell'), 'AppShell');
const TestPage = lazyPage(() => import('./routes/test-page'), 'TestPage');
const SessionTimeout = lazyPage(() => import('./session-timeout'), 'SessionTimeout');

/**
 * The page being opened starts downloading with the app itself, alongside the session check, rather
 * than after it (one round trip less before the first paint); a signed-in page with the shell. The
 * build also preloads the signed-in ones from the page's HTML (FIRST_ROUTES in vite.config.ts: keep them the
 * same).
 */
const FIRST_ROUTE_CHUNKS: Record<string, () => Promise<unknown>> = {
  '/': () => LandingPage.preload(),
  '/login': () => LoginPage.preload(),
  '/register': () => RegisterPage.preload(),
  '/dashboard': () => Promise.all([AppShell.preload(), DashboardPage.preload()]),
  '/transactions': () => Promise.all([AppShell.preload(), TransactionsPage.preload()]),
};
const SIGNED_IN_FIRST_ROUTES = new Set(['/transactions']);
const firstRouteChunks = typeof window === 'undefined' ? undefined : FIRST_ROUTE_CHUNKS[window.location.pathname];
// Any other page: the shell starts downloading (most pages are signed in), nothing waits for it.
if (typeof window !== 'undefined' && !firstRouteChunks) void AppShell.preload().catch(() => undefined);
let firstRouteReady = !firstRouteChunks;
const firstRoute: Promise<unknown> = firstRouteChunks
  ? firstRouteChunks()
      // A chunk that failed to load is the page's own error to show; the first render does not wait for it.
      .catch(() => undefined)
      .then(() => {
        firstRouteReady = true;
      })
  : Promise.resolve();
if (typeof window !== 'undefined') {
  // The session check starts now, not when React first renders the router.
  void queryClient.prefetchQuery(userQueryOptions());
}

/**
 * Whether the code of the page the visit started on is there. Until it is, the router keeps showing its
 * loading screen, so shell and page appear together instead of the shell first with an empty page
 * that then pushes the footer down.
 */
function useFirstRouteReady(): boolean {
  const [ready, setReady] = React.useState(firstRouteReady);
  React.useEffect(() => {
    if (!ready) void firstRoute.then(() => setReady(true));
  }, [ready]);
  return ready;
}

/**
 * The first page appears through a transition: React renders the shell and the page in small slices and
 * lets the browser run in between, instead of in one long task on a slow phone, and the loading screen
 * stays until the page is ready to show.
 */
function useFirstPageShown(waiting: boolean): boolean {
  const [shown, setShown] = React.useState(false);
  React.useEffect(() => {
    if (!waiting && !shown) React.startTransition(() => setShown(true));
  }, [waiting, shown]);
  return shown;
}

let signedInPreloaded = false;
/**
 * Once someone is signed in, fetch the shell and the dashboard together instead of one after the other
 * (a sign-in goes to the dashboard); a signed-in page opened directly has its own chunk on the way.
 */
function preloadSignedInApp() {
  if (signedInPreloaded) return;
  signedInPreloaded = true;
  void AppShell.preload();
  if (!SIGNED_IN_FIRST_ROUTES.has(window.location.pathname)) void DashboardPage.preload();
}

/**
 * What shows while a page's code arrives: the page's space, empty, and a spinner only if the wait is
 * long enough to notice (a quick load never flashes one).
 */
function PageFallback({ className }: { className?: string }) {
  const [slow, setSlow] = React.useState(false);
  React.useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), 400);
    return () => window.clearTimeout(timer);
  }, []);
  return slow ? (
    <PageSpinner className={className} />
  ) : (
    <div aria-busy="true" className={className ?? 'min-h-[50vh]'} />
  );
}

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
  ['/moderator/cases/:id', ModeratorCasePage],
  ['/disputes/:id', DisputeCasePage],
  ['/moderator-application', ModeratorApplicationPage],
  ['/security-settings', SecuritySettingsPage],
  ['/support', SupportPage],
  ['/live-chat', LiveChatPage],
  ['/support-console', SupportConsolePage],
  ['/profile-settings', ProfileSettingsPage],
  ['/verification/identity', IdentityVerificationPage],
  ['/identity-reviews', IdentityReviewsPage],
  ['/verification', VerificationPage],
];

/** The signed-in pages a signed-out visitor is asked to sign in for (the application form is public). */
const SIGN_IN_FIRST_PATHS = [
  '/dashboard',
  ...SIGNED_IN_PAGES.map(([path]) => path).filter((path) => path !== '/moderator-application'),
];

/**
 * A signed-in visitor of a sign-in page (also the moment a sign-in succeeds) goes back to the page that
 * sent them there (`next`), else to `home`; the verification link is a server route: a full page load.
 */
function SignedInLogin({ home }: { home: string }) {
  const next = returnPathOf(window.location.search);
  const server = !!next && isServerPath(next);
  React.useEffect(() => {
    if (next && server) window.location.assign(next);
  }, [next, server]);
  return server ? null : <Redirect to={next ?? home} replace />;
}

/** A signed-in page opened signed out: sign in first, then come back here (the same for admin pages). */
function SignInFirst({ signIn = '/login' }: { signIn?: '/login' | '/admin/login' }) {
  return <Redirect to={signInPathFor(currentPath(), signIn)} replace />;
}

/** Pages staff may open before enrolling a second factor: where they enrol, the dev mailbox (SMS codes), the public pages. */
const OPEN_BEFORE_STAFF_TWO_FACTOR = new Set([
  '/security-settings',
  '/dev/mailbox',
  '/reset-password',
  ...PUBLIC_PAGE_PATHS,
]);

function SignedInRoutes({ user }: { user: TUser }) {
  const { config } = usePublicConfig();
  const [location] = useLocation();
  // The current Terms are accepted before anything else (the server insists too); they can be read first.
  if (user.mustAcceptTerms && !PUBLIC_PAGE_PATHS.has(location) && location !== '/reset-password')
    return <AcceptTermsPage user={user} />;
  // Staff powers need a second factor (REQUIRE_STAFF_2FA): the server refuses their calls, so send them
  // where they turn it on.
  if (staffMustEnrolTwoFactor(user, config) && !OPEN_BEFORE_STAFF_TWO_FACTOR.has(location))
    return <Redirect to="/security-settings" replace />;
  return (
    <Switch>
      <Route path="/login">
        <SignedInLogin home="/dashboard" />
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
        {user.role === 'admin' ? <SignedInLogin home="/admin-dashboard" /> : <AdminLoginPage />}
      </Route>
      <Route>
        <AppShell user={user}>
          <React.Suspense fallback={<PageFallback />}>
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
              <Route path="/admin/users/:id">
                {user.role === 'admin' ? <AdminUserPage /> : <Redirect to="/admin/login" replace />}
              </Route>
              {SIGNED_IN_PAGES.map(([path, Page]) => (
                <Route key={path} path={path} component={Page} />
              ))}
              <SharedRoutes />
            </Switch>
          </React.Suspense>
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
        <SignInFirst signIn="/admin/login" />
      </Route>
      <Route path="/admin/users/:id">
        <SignInFirst signIn="/admin/login" />
      </Route>
      {/* Signed-in pages ask to sign in and come back; an unknown path stays the spec's 404 (below). */}
      {SIGN_IN_FIRST_PATHS.map((path) => (
        <Route key={path} path={path}>
          <SignInFirst />
        </Route>
      ))}
      <Route>
        <AppShell user={null}>
          <React.Suspense fallback={<PageFallback />}>
            <Switch>
              <Route path="/home">
                <HomePage user={null} loading={userLoading} />
              </Route>
              <Route path="/moderator-application" component={ModeratorApplicationPage} />
              <SharedRoutes />
            </Switch>
          </React.Suspense>
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
      <Route path="/moderators" component={ModeratorsPage} />
      <Route path="/terms" component={TermsPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/fees" component={FeesPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/help" component={HelpPage} />
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
  const firstRouteReady = useFirstRouteReady();
  const shown = useFirstPageShown(loading || !firstRouteReady);
  if (loading || !shown) return <PageSpinner message="Loading authentication..." className="min-h-dvh" />;
  if (!user) return <PageSuspense>{<SignedOutRoutes userLoading={userLoading} />}</PageSuspense>;
  preloadSignedInApp();
  // A temporary password (a created moderator) is replaced before anything else; the server insists too.
  return (
    <PageSuspense>
      {user.mustChangePassword ? <ChangePasswordPage user={user} /> : <SignedInRoutes user={user} />}
    </PageSuspense>
  );
}

/** The whole-screen boundary: a page outside the shell, or the shell itself, still on its way. */
function PageSuspense({ children }: { children: React.ReactNode }) {
  return <React.Suspense fallback={<PageFallback className="min-h-dvh" />}>{children}</React.Suspense>;
}
