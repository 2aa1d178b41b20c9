import { Link } from 'wouter';
import { CURRENCIES, TIER_LIMITS, isCurrencyCode, toMinor } from '@holdfast/contracts/constants';
import { withdrawalLimitHold, type TierHold, type TVerificationStatus } from '@holdfast/contracts';
import { HoldNotice } from '@/components/hold-notice';
import { Button } from '@/components/ui/button';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';

/** The currency whose monthly withdrawal limit is used up, the wallet's own first, with what was withdrawn. */
function reachedLimit(data: TVerificationStatus, currency: string) {
  const reached = data.usage.flatMap((u) => {
    if (!isCurrencyCode(u.currency)) return [];
    const max = TIER_LIMITS[2][u.currency].withdrawalMonthlyMax;
    const places = CURRENCIES[u.currency].decimalPlaces;
    const withdrawn = toMinor(u.withdrawnThisMonth, places) ?? 0n;
    return max !== null && withdrawn >= (toMinor(max, places) ?? 0n) ? [{ currency: u.currency, withdrawn }] : [];
  });
  return reached.find((u) => u.currency === currency) ?? reached[0] ?? null;
}

/**
 * What holds the wallet's money in, as the same notice as a held withdrawal (why, what you need to do,
 * when, and the one button): no phone yet, the monthly limit reached, or identity documents in review.
 * The texts are the bell's too (contracts, tier-holds.ts). Null while nothing of the tier stops a withdrawal.
 */
export function walletHold(data: TVerificationStatus, currency: string, now = new Date()): TierHold | null {
  if (data.tier >= 3) return null;
  if (data.tier < 2) return isCurrencyCode(currency) ? withdrawalLimitHold(data, currency, 0n, now) : null;
  const reached = reachedLimit(data, currency);
  return reached && withdrawalLimitHold(data, reached.currency, reached.withdrawn, now);
}

/** The wallet page's explained hold (issue 30, item 6); nothing shows while nothing is held. */
export function WalletHoldNotice({ currency }: { currency: string }) {
  const status = useVerificationStatus();
  const hold = status.data && walletHold(status.data, currency);
  if (!hold) return null;
  return (
    <div className="mb-6" data-testid="wallet-hold">
      <HoldNotice notice={hold.notice}>
        {hold.action && (
          <Button asChild size="sm" variant="outline">
            <Link href={hold.href}>{hold.action}</Link>
          </Button>
        )}
      </HoldNotice>
    </div>
  );
}
