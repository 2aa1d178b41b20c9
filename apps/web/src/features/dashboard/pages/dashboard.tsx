import { Link } from 'wouter';
import { Activity, CheckCircle2, ListChecks, PlusCircle, TrendingUp, Wallet } from 'lucide-react';
import type { TUser } from '@holdfast/contracts';
import { DEFAULT_CURRENCY, canCreateTransactions, isStaff } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { NO_FINISHED_DEALS, formatMoney, successRateText } from '@/lib/format';
import { useWalletBalance } from '@/lib/queries/get-wallet-balance';
import { MoneyInFlight } from '@/components/money-in-flight';
import { useRecentTransactions, useTransactionStats } from '@/lib/queries/get-transactions';
import { AccountSecurity } from '../components/account-security';
import { EmailVerificationBanner } from '../components/email-verification-banner';
import { GreetingBanner } from '../components/greeting-banner';
import { QuickActions } from '../components/quick-actions';
import { StaffDashboard } from '../components/staff-dashboard';
import { RecentTransactions } from '../components/recent-transactions';
import { StatCard } from '@/components/stat-card';
import { TransactionOverview } from '../components/transaction-overview';
import { dashboardStats } from '../lib/stats';

/** / and /dashboard: a buyer's or a seller's deals and wallet; staff land on their own work. */
export function DashboardPage({ user }: { user: TUser }) {
  if (isStaff(user.role)) return <StaffDashboard user={{ ...user, role: user.role }} />;
  return <PartyDashboard user={user} />;
}

function PartyDashboard({ user }: { user: TUser }) {
  // Counts over every transaction from the server, and only the five newest rows: the dashboard's cost
  // does not grow with the history.
  const counts = useTransactionStats();
  const recent = useRecentTransactions(5);
  const wallet = useWalletBalance();
  const stats = dashboardStats(counts.data);
  const loadingTx = counts.isLoading;
  // The wallet card shows 0 in the user's currency when the balance call fails.
  const balance = wallet.data
    ? formatMoney(wallet.data.balance, wallet.data.currency)
    : formatMoney('0', user.walletCurrency || DEFAULT_CURRENCY);
  // Money held in other currencies (e.g. a USD deposit into a ZAR wallet) is listed under the figure.
  const otherBalances = (wallet.data?.balances ?? [])
    .filter((b) => b.currency !== wallet.data?.currency && Number(b.balance) !== 0)
    .map((b) => formatMoney(b.balance, b.currency));

  return (
    <div className="space-y-8">
      <EmailVerificationBanner user={user} />
      <GreetingBanner
        user={user}
        lead="Here is what is happening with your escrow transactions."
        action={
          canCreateTransactions(user.role) && (
            <Button asChild variant="gold" size="lg">
              <Link href="/create-transaction">
                <PlusCircle aria-hidden="true" /> New Transaction
              </Link>
            </Button>
          )
        }
      />

      <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <StatCard
          dense
          label="Total Transactions"
          value={stats.total}
          icon={<ListChecks />}
          tone="teal"
          loading={loadingTx}
        />
        <StatCard dense label="Active" value={stats.active} icon={<Activity />} tone="sky" loading={loadingTx} />
        <StatCard
          dense
          label="Completed"
          value={stats.completed}
          icon={<CheckCircle2 />}
          tone="emerald"
          loading={loadingTx}
        />
        <StatCard
          dense
          label="Success Rate"
          value={
            stats.successRate === null ? (
              <span className="text-base leading-snug font-semibold text-muted-foreground">{NO_FINISHED_DEALS}</span>
            ) : (
              successRateText(stats.successRate)
            )
          }
          hint="Of finished deals"
          icon={<TrendingUp />}
          tone="violet"
          loading={loadingTx}
        />
        <StatCard
          dense
          label="Wallet Balance"
          className="col-span-2 lg:col-span-1"
          value={balance}
          icon={<Wallet />}
          tone="amber"
          loading={wallet.isLoading}
          hint={
            <>
              {otherBalances.length > 0 && <span className="block">Also {otherBalances.join(', ')}</span>}
              <MoneyInFlight wallet={wallet.data} />
              <Link href="/deposit-funds" className="text-primary hover:underline">
                Open wallet
              </Link>
            </>
          }
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <RecentTransactions
            user={user}
            transactions={recent.data ?? []}
            loading={recent.isLoading}
            failed={recent.isError}
          />
          <TransactionOverview stats={stats} loading={loadingTx} />
        </div>
        <div className="min-w-0 space-y-6">
          <QuickActions role={user.role} />
          <AccountSecurity user={user} />
        </div>
      </div>
    </div>
  );
}
