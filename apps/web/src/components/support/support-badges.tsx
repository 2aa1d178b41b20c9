import type { TSupportPriority, TSupportStatus } from '@holdfast/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Spec section 4: priority low green, medium yellow, high orange, urgent red. */
const PRIORITY_COLOURS: Record<TSupportPriority, string> = {
  low: 'bg-emerald-100 text-emerald-800',
  medium: 'bg-yellow-100 text-yellow-900',
  high: 'bg-orange-100 text-orange-900',
  urgent: 'bg-red-100 text-red-800',
};

/** Spec section 4: status open blue, in_progress yellow, resolved green, closed gray. */
const STATUS_COLOURS: Record<TSupportStatus, string> = {
  open: 'bg-blue-100 text-blue-800',
  in_progress: 'bg-yellow-100 text-yellow-900',
  resolved: 'bg-emerald-100 text-emerald-800',
  closed: 'bg-gray-200 text-gray-800',
};

/** A status as the spec shows it: the underscore as a space (in_progress -> in progress). */
export const supportStatusText = (status: TSupportStatus) => status.replace(/_/g, ' ');

export function SupportPriorityBadge({ priority, className }: { priority: TSupportPriority; className?: string }) {
  return (
    <Badge variant="outline" className={cn('border-transparent', PRIORITY_COLOURS[priority], className)}>
      {priority}
    </Badge>
  );
}

export function SupportStatusBadge({ status, className }: { status: TSupportStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn('border-transparent', STATUS_COLOURS[status], className)}>
      {supportStatusText(status)}
    </Badge>
  );
}
