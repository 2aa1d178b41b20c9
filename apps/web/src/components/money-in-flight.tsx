import type { TWalletBalance } from '@holdfast/contracts';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * Money that is the person's but not available: paid into escrow for deals under way, and withdrawals on
 * their way to the bank, per currency, as the wallet answer reports them. Nothing when there is none.
 */
export function MoneyInFlight({ wallet, className }: { wallet: TWalletBalance | undefined; className?: string }) {
  const held = wallet?.heldInEscrow ?? [];
  const out = wallet?.onItsWayOut ?? [];
  if (held.length === 0 && out.length === 0) return null;
  const list = (items: { currency: string; amount: string }[]) =>
    items.map((i) => formatMoney(i.amount, i.currency)).join(', ');
  return (
    <span className={cn('block space-y-0.5', className)} data-testid="money-in-flight">
      {held.length > 0 && (
        <span className="block">
          Held in escrow: <span className="font-medium whitespace-nowrap">{list(held)}</span>
        </span>
      )}
      {out.length > 0 && (
        <span className="block">
          On its way out: <span className="font-medium whitespace-nowrap">{list(out)}</span>
        </span>
      )}
    </span>
  );
}
