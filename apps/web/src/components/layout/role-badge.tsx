import type { TRole } from '@holdfast/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

const VARIANT: Record<TRole, BadgeProps['variant']> = {
  buyer: 'info',
  seller: 'success',
  moderator: 'warning',
  admin: 'danger',
};

export function RoleBadge({ role, className }: { role: TRole; className?: string }) {
  return (
    <Badge variant={VARIANT[role] ?? 'secondary'} className={className}>
      {humanize(role)}
    </Badge>
  );
}
