import * as React from 'react';
import { Link } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownLeft, ArrowUpRight, BadgeCheck, Mail, Phone, Plus, ScrollText, Wallet } from 'lucide-react';
import type { TUser, TWalletActivity } from '@holdfast/contracts';
import { DEFAULT_CURRENCY, publicKycStatus } from '@holdfast/contracts';
import { WalletHoldNotice } from '@/components/verification/wallet-hold';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUser } from '@/lib/auth';
import { formatDateTime, formatMoney, fullName, humanize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useWalletBalance } from '@/lib/queries/get-wallet-balance';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { LoadMore } from '@/components/load-more';
import { flattenPages } from '@/lib/paging';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { activityTypeLabel, isCredit, signedAmount } from '../lib/activity';
import { WithdrawDialog } from '../components/withdraw-dialog';
import { StatementCard } from '../components/statement-card';
import { MoneyInFlight } from '@/components/money-in-flight';
import { WithdrawalNotices } from '../components/withdrawal-notices';
import { hasPendingWithdrawal } from '../lib/withdraw';

function BalanceCard({ user }: { user: TUser | null }) {
  const wallet = useWalletBalance();
  const currency = wallet.data?.currency ?? user?.walletCurrency ?? DEFAULT_CURRENCY;
  const others = (wallet.data?.balances ?? []).filter((b) => b.currency !== currency && Number(b.balance) !== 0);
  return (
    <Card className="overflow-hidden border-0 bg-brand-deep text-white lg:col-span-2">
      <CardContent className="flex h-full flex-col justify-between gap-6 p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-sm text-white/70">Available balance</p>
            {wallet.isLoading ? (
              <Skeleton className="mt-2 h-10 w-48 bg-white/20" />
            ) : (
              <p className="mt-1 text-4xl font-bold tracking-tight" data-testid="wallet-balance">
                {formatMoney(wallet.data?.balance ?? '0', currency)}
              </p>
            )}
            <p className="mt-1 text-xs text-white/60">{currency} wallet</p>
            {/* Every other currency held, each in its own format, as part of the headline. */}
            {others.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label="Other balances">
                {others.map((b) => (
                  <li key={b.currency} className="text-xl font-semibold whitespace-nowrap">
                    {formatMoney(b.balance, b.currency)}
                  </li>
                ))}
              </ul>
            )}
            <MoneyInFlight wallet={wallet.data} className="mt-2 text-sm text-white/80" />
          </div>
          <span className="flex size-11 items-center justify-center rounded-lg bg-white/10">
            <Wallet className="size-5" aria-hidden="true" />
          </span>
        </div>
        {wallet.isError && <p className="text-sm text-amber-200">Your balance could not be loaded right now.</p>}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="gold" size="lg" className="w-full sm:w-fit">
            <Link href="/wallet/deposit">
              <Plus aria-hidden="true" /> Deposit Funds
            </Link>
          </Button>
          <WithdrawDialog wallet={wallet.data} holderName={fullName(user) ?? ''} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The spec's words for each state: Verified, Pending, Rejected, else Unknown (KYC) or Not verified. */
const KYC_BADGE = {
  verified: { label: 'Verified', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  rejected: { label: 'Rejected', variant: 'danger' },
  unknown: { label: 'Unknown', variant: 'muted' },
} as const;

function VerificationCard({ user }: { user: TUser | null }) {
  const kyc = KYC_BADGE[publicKycStatus(user?.kycStatus)];
  const rows = [
    {
      label: 'Phone',
      icon: Phone,
      variant: user?.phoneVerified ? 'success' : 'muted',
      status: user?.phoneVerified ? 'Verified' : 'Not verified',
    },
    {
      label: 'Email',
      icon: Mail,
      variant: user?.emailVerified ? 'success' : 'muted',
      status: user?.emailVerified ? 'Verified' : 'Not verified',
    },
    { label: 'KYC', icon: BadgeCheck, variant: kyc.variant, status: kyc.label },
  ] as const;
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="text-base">Verification</CardTitle>
        <CardDescription>Verified accounts build trust with buyers and sellers.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-center justify-between gap-3 rounded-lg border p-3"
            data-testid={`verification-${row.label.toLowerCase()}`}
          >
            <span className="flex items-center gap-2 text-sm font-medium">
              <row.icon className="size-4 text-muted-foreground" aria-hidden="true" /> {row.label}
            </span>
            <Badge variant={row.variant}>{row.status}</Badge>
          </div>
        ))}
        <Button asChild variant="link" className="h-auto px-0">
          <Link href="/verification">Verification and limits</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A withdrawal that failed puts the money back: the balance is fetched again once none is pending. */
function useBalanceRefreshWhenPayoutsSettle(activity: TWalletActivity[] | undefined) {
  const queryClient = useQueryClient();
  const pending = hasPendingWithdrawal(activity);
  const wasPending = React.useRef(pending);
  React.useEffect(() => {
    if (wasPending.current && !pending) invalidateTransactionsAndWallet(queryClient);
    wasPending.current = pending;
  }, [pending, queryClient]);
}

const STATUS_VARIANT = { completed: 'success', pending: 'warning', failed: 'danger' } as const;

function ActivityCard() {
  const activity = useWalletTransactions();
  const items = flattenPages(activity.data?.pages);
  useBalanceRefreshWhenPayoutsSettle(items);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Your latest 10 wallet movements.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isLoading ? (
          <div className="space-y-3" aria-label="Loading activity">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : activity.isError ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            Your wallet activity could not be loaded right now. Please try again later.
          </p>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-10 text-center">
            <ScrollText className="size-10 text-muted-foreground/60" aria-hidden="true" />
            <div>
              <p className="font-medium text-brand-ink">No wallet activity yet</p>
              <p className="text-sm text-muted-foreground">Deposits, payments, payouts and refunds will appear here.</p>
            </div>
          </div>
        ) : (
          <>
            <ul className="divide-y rounded-lg border" aria-label="Wallet activity">
              {items.map((item) => {
                const credit = isCredit(item.amount);
                return (
                  <li key={item.id} className="flex items-center gap-3 p-3 sm:p-4">
                    <span
                      className={cn(
                        'flex size-9 shrink-0 items-center justify-center rounded-full',
                        credit ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-700',
                      )}
                    >
                      {credit ? (
                        <ArrowDownLeft className="size-4" aria-hidden="true" />
                      ) : (
                        <ArrowUpRight className="size-4" aria-hidden="true" />
                      )}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-brand-ink">{activityTypeLabel(item.type)}</p>
                      <p className="line-clamp-2 text-xs break-words text-muted-foreground">{item.description}</p>
                      <p className="text-xs text-muted-foreground">{formatDateTime(item.createdAt)}</p>
                    </div>
                    <div className="flex flex-col items-end gap-1">
                      <span className={cn('text-sm font-semibold', credit ? 'text-emerald-700' : 'text-brand-ink')}>
                        {signedAmount(item.amount, item.currency)}
                      </span>
                      <Badge variant={STATUS_VARIANT[item.status] ?? 'muted'}>{humanize(item.status)}</Badge>
                    </div>
                  </li>
                );
              })}
            </ul>
            <LoadMore
              hasNextPage={activity.hasNextPage}
              isFetchingNextPage={activity.isFetchingNextPage}
              fetchNextPage={() => activity.fetchNextPage()}
              label="Load more activity"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /deposit-funds (nav: Wallet): balance, verification and recent wallet activity. */
export function DepositFundsPage() {
  const { user } = useUser();
  const wallet = useWalletBalance();
  return (
    <>
      <PageHeader
        title="Wallet & Deposits"
        description="Your balance, verification status and recent wallet activity."
        icon={<Wallet />}
      />
      <WalletHoldNotice currency={user?.walletCurrency ?? DEFAULT_CURRENCY} />
      <div className="grid gap-6 lg:grid-cols-3">
        <BalanceCard user={user} />
        <VerificationCard user={user} />
      </div>
      <div className="mt-6 grid gap-6">
        <WithdrawalNotices />
        <ActivityCard />
      </div>
      <div className="mt-6">
        <StatementCard wallet={wallet.data} />
      </div>
    </>
  );
}
