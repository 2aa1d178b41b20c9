import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { previewSplit } from '@/lib/dispute-split';
import { formatMoney } from '@/lib/format';

interface RefundFieldProps {
  id: string;
  tx: { amount: string; fee: string; currency: string };
  value: string;
  onChange: (value: string) => void;
}

/**
 * The refund of a split (a moderator's partial resolution, a party's offer): typed in the transaction's
 * currency, with what each side would receive by the server's own rule.
 */
export function RefundField({ id, tx, value, onChange }: RefundFieldProps) {
  const money = (v: string) => formatMoney(v, tx.currency);
  const preview = previewSplit(tx, value);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Refund to the buyer ({tx.currency})</Label>
      <Input
        id={id}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/[^\d.]/g, ''))}
        placeholder={`Less than ${money(tx.amount)}`}
        aria-describedby={`${id}-preview`}
      />
      <p id={`${id}-preview`} className="text-xs text-muted-foreground" aria-live="polite">
        {preview
          ? `Buyer receives ${money(preview.buyerReceives)} (with the fee share); seller receives ${money(preview.sellerReceives)}.`
          : `More than 0 and less than ${money(tx.amount)}.`}
      </p>
    </div>
  );
}
