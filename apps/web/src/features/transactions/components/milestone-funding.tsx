import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import type { TMilestone, TTransaction } from '@holdfast/contracts';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { milestoneCheckoutHref, milestonesSum } from '@/lib/milestone-payment';

/** The buyer ticks a milestone to include it in the next payment. */
export function FundStageCheckbox({
  m,
  checked,
  onChange,
}: {
  m: TMilestone;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 rounded-md border px-3 text-sm font-medium">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      Fund this stage<span className="sr-only">: {m.title}</span>
    </label>
  );
}

/**
 * What the ticked milestones cost together (amounts, their fees, the total, summed as the server charges
 * them) and the way to pay them: the checkout, which names them and pays from the wallet (after a review
 * step) or by card.
 */
export function FundStagesPanel({ tx, chosen }: { tx: TTransaction; chosen: TMilestone[] }) {
  const money = (amount: string) => formatMoney(amount, tx.currency);
  const sum = milestonesSum(chosen, tx.currency);
  const positions = chosen.map((m) => m.position).join(', ');
  return (
    <section
      aria-label="Fund stages"
      className="space-y-3 rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="fund-stages"
    >
      {chosen.length ? (
        <>
          <p className="font-medium text-brand-ink">
            {chosen.length === 1 ? `Stage ${positions} selected` : `Stages ${positions} selected`}
          </p>
          <dl className="grid grid-cols-3 gap-2">
            <div>
              <dt className="text-xs text-muted-foreground">Amount</dt>
              <dd className="font-medium">{money(sum.amount)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Fee ({FEE_RATE_LABEL})</dt>
              <dd className="font-medium">{money(sum.fee)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Total</dt>
              <dd className="font-semibold text-brand-ink" data-testid="fund-stages-total">
                {money(sum.total)}
              </dd>
            </div>
          </dl>
          <Button asChild className="w-full sm:w-auto">
            <Link
              href={milestoneCheckoutHref(
                tx.id,
                chosen.map((m) => m.id),
              )}
            >
              Continue to payment <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </>
      ) : (
        <p className="text-muted-foreground">Tick the stages you want to fund, then continue to payment.</p>
      )}
    </section>
  );
}
