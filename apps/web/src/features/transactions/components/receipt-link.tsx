import { FileDown } from 'lucide-react';
import type { TTransaction } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';

/**
 * "Download receipt" once a deal has finished with money moved: completed, or cancelled after it was
 * funded (refunded or split). The server says 409 for any other, so the button only shows where it works.
 */
export function ReceiptLink({ tx }: { tx: TTransaction }) {
  const finished = tx.status === 'completed' || (tx.status === 'cancelled' && tx.paymentStatus === 'refunded');
  if (!finished) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={`/api/transactions/${encodeURIComponent(tx.id)}/receipt.pdf`} download>
        <FileDown aria-hidden="true" /> Download receipt
      </a>
    </Button>
  );
}
