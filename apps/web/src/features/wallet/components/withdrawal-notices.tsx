import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { withdrawalNotice, type TWithdrawal } from '@holdfast/contracts';
import { HoldNotice } from '@/components/hold-notice';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatMoney } from '@/lib/format';
import { invalidateTransactionsAndWallet } from '@/lib/queries/keys';
import { useWithdrawals } from '../api/get-withdrawals';

/** A failed withdrawal stays explained on the wallet page for a week after the money came back. */
const FAILED_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

function shown(w: TWithdrawal, now: number): boolean {
  if (w.status === 'held' || w.status === 'pending') return true;
  return w.status === 'failed' && !!w.settledAt && now - Date.parse(w.settledAt) < FAILED_SHOWN_MS;
}

/** When a withdrawal stops waiting (paid, failed, rejected), the balance and activity are fetched again. */
function useRefreshWhenSettled(list: TWithdrawal[] | undefined) {
  const queryClient = useQueryClient();
  const waiting = (list ?? []).filter((w) => w.status === 'held' || w.status === 'pending').length;
  const before = React.useRef(waiting);
  React.useEffect(() => {
    if (waiting < before.current) invalidateTransactionsAndWallet(queryClient);
    before.current = waiting;
  }, [waiting, queryClient]);
}

/**
 * The wallet page's "Withdrawals in progress": each withdrawal that waits (held for a check, or on its
 * way) or failed lately, with why, what the person needs to do and when (nothing when none).
 */
export function WithdrawalNotices() {
  const withdrawals = useWithdrawals();
  useRefreshWhenSettled(withdrawals.data);
  const now = Date.now();
  const items = (withdrawals.data ?? []).filter((w) => shown(w, now));
  if (!items.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Withdrawals in progress</CardTitle>
        <CardDescription>Where your money is, and what happens next.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Withdrawals in progress">
          {items.map((w) => {
            const notice = withdrawalNotice(w);
            return notice ? (
              <li key={w.id}>
                <HoldNotice
                  notice={notice}
                  subject={`${formatMoney(w.amount, w.currency)} to the account ending ${w.accountLast4} · requested ${formatDateTime(w.createdAt)}`}
                />
              </li>
            ) : null;
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
