import { Link } from 'wouter';
import { CheckCircle2, ChevronRight, CircleAlert, UserRound } from 'lucide-react';
import { DISPUTE_RESOLUTION_LABELS, type TSupportCustomerContext } from '@holdfast/contracts';
import { RoleBadge } from '@/components/layout/role-badge';
import { TransactionStatusBadge } from '@/components/status-badge';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { DISPUTE_STATUS_LABELS } from '@/lib/dispute-split';
import { displayName, formatDate, formatMoney, humanize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCustomerContext } from '../api/get-customer-context';

const KYC_VARIANTS: Record<string, BadgeProps['variant']> = {
  verified: 'success',
  pending: 'warning',
  rejected: 'danger',
};

function Check({ label, ok }: { label: string; ok: boolean }) {
  return (
    <li className="flex items-center gap-1.5">
      {ok ? (
        <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
      ) : (
        <CircleAlert className="size-4 text-amber-600" aria-hidden="true" />
      )}
      {label}: {ok ? 'verified' : 'not verified'}
    </li>
  );
}

function ListHeading({ title, shown, count }: { title: string; shown: number; count: number }) {
  return (
    <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {title} ({count > shown ? `latest ${shown} of ${count}` : count})
    </h4>
  );
}

function Row({ href, title, detail }: { href: string; title: string; detail: React.ReactNode }) {
  return (
    <li>
      <Link
        href={href}
        className="group flex items-center gap-2 rounded-md px-2 py-1.5 transition-colors hover:bg-accent"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-brand-ink group-hover:underline">{title}</span>
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">{detail}</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}

function Context({ c }: { c: TSupportCustomerContext }) {
  const { customer } = c;
  return (
    <>
      <div className="space-y-1">
        <p className="font-semibold break-words text-brand-ink">{displayName(customer)}</p>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">{customer.email}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <RoleBadge role={customer.role} />
          Customer since {formatDate(customer.createdAt)}
        </p>
      </div>
      <ul className="space-y-1" aria-label="Verification">
        <Check label="Email" ok={customer.emailVerified} />
        <Check label="Phone" ok={customer.phoneVerified} />
        <li className="flex items-center gap-1.5">
          KYC: <Badge variant={KYC_VARIANTS[customer.kycStatus] ?? 'muted'}>{humanize(customer.kycStatus)}</Badge>
        </li>
      </ul>
      <section className="space-y-1.5">
        <ListHeading title="Transactions" shown={c.transactions.recent.length} count={c.transactions.count} />
        {c.transactions.recent.length === 0 ? (
          <p className="text-muted-foreground">No transactions yet.</p>
        ) : (
          <ul className="-mx-2" aria-label="Customer’s transactions">
            {c.transactions.recent.map((t) => (
              <Row
                key={t.id}
                href={`/transactions/${t.id}`}
                title={t.description}
                detail={
                  <>
                    As {t.role} · {formatMoney(t.amount, t.currency)}
                    <TransactionStatusBadge status={t.status} />
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-1.5">
        <ListHeading title="Disputes" shown={c.disputes.recent.length} count={c.disputes.count} />
        {c.disputes.recent.length === 0 ? (
          <p className="text-muted-foreground">No disputes.</p>
        ) : (
          <ul className="-mx-2" aria-label="Customer’s disputes">
            {c.disputes.recent.map((d) => (
              <Row
                key={d.id}
                href={`/moderator/cases/${d.id}`}
                title={d.description}
                detail={
                  <>
                    As {d.role} · {formatDate(d.createdAt)}
                    <Badge variant={d.status === 'resolved' ? 'success' : 'info'}>
                      {d.resolution ? DISPUTE_RESOLUTION_LABELS[d.resolution] : DISPUTE_STATUS_LABELS[d.status]}
                    </Badge>
                  </>
                }
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * Beside a support or live chat in the console (issue 31): who the customer is, their verification as
 * stored, and their latest transactions and disputes, each opening the transaction or the case file.
 */
export function CustomerContext({ userId, className }: { userId: string; className?: string }) {
  const context = useCustomerContext(userId);
  return (
    <aside
      aria-label="Customer details"
      className={cn('min-w-0 space-y-4 self-start rounded-lg border bg-muted/30 p-4 text-sm', className)}
    >
      <h3 className="flex items-center gap-2 font-semibold text-brand-ink">
        <UserRound className="size-4 text-primary" aria-hidden="true" />
        Customer
      </h3>
      {context.isLoading ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading the customer">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : context.data ? (
        <Context c={context.data} />
      ) : (
        <p className="text-destructive">{errorMessage(context.error, 'The customer could not be loaded.')}</p>
      )}
    </aside>
  );
}
