import { Badge, type BadgeProps } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

const TRANSACTION_VARIANTS: Record<string, BadgeProps['variant']> = {
  pending: 'warning',
  active: 'info',
  funded: 'info',
  completed: 'success',
  disputed: 'danger',
  cancelled: 'muted',
};

/** Transaction status as a coloured badge (underscores shown as spaces). */
export function TransactionStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={TRANSACTION_VARIANTS[status] ?? 'secondary'} className={className}>
      {humanize(status)}
    </Badge>
  );
}
