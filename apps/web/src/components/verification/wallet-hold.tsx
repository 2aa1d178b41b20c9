import { Link } from 'wouter';
import {
  CURRENCIES,
  IDENTITY_REVIEW_EXPECTED_HOURS,
  TIER_LIMITS,
  formatMoney,
  isCurrencyCode,
  toMinor,
} from '@holdfast/contracts/constants';
import type { THoldNotice, TVerificationStatus } from '@holdfast/contracts';
import { HoldNotice } from '@/components/hold-notice';
import { Button } from '@/components/ui/button';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';

/** The first day of next month (UTC), when a monthly limit starts again, as people read dates. */
function nextMonthStart(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** How long a manual identity review usually takes, in the words the person reads. */
const REVIEW_DAYS = `${Math.round(IDENTITY_REVIEW_EXPECTED_HOURS / 24)} working days`;

/** The currency whose monthly withdrawal limit is used up, the wallet's own first; null when none is. */
function reachedLimit(data: TVerificationStatus, currency: string) {
  const reached = data.usage.filter((u) => {
    if (!isCurrencyCode(u.currency)) return false;
    const max = TIER_LIMITS[2][u.currency].withdrawalMonthlyMax;
    const places = CURRENCIES[u.currency].decimalPlaces;
    return max !== null && (toMinor(u.withdrawnThisMonth, places) ?? 0n) >= (toMinor(max, places) ?? 0n);
  });
  const shown = reached.find((u) => u.currency === currency) ?? reached[0];
  if (!shown || !isCurrencyCode(shown.currency)) return null;
  return formatMoney(TIER_LIMITS[2][shown.currency].withdrawalMonthlyMax!, shown.currency);
}

/**
 * What holds the wallet's money in, as the same notice as a held withdrawal (why, what you need to do,
 * when, and the one button): no phone yet, the monthly limit reached, or identity documents in review.
 * Null while nothing of the account's tier stops a withdrawal.
 */
export function walletHold(
  data: TVerificationStatus,
  currency: string,
): { notice: THoldNotice; action: { label: string; href: string } | null } | null {
  if (data.tier >= 3) return null;
  const next =
    data.nextStep && !data.nextStep.waiting ? { label: data.nextStep.action, href: data.nextStep.href } : null;
  if (data.tier < 2) {
    const max = isCurrencyCode(currency) ? TIER_LIMITS[2][currency].withdrawalMonthlyMax : null;
    return {
      notice: {
        tone: 'action',
        title: 'Withdrawals need phone verification',
        reason: 'We confirm a phone number before money leaves Holdfast, so nobody else can empty your wallet.',
        needed: data.emailVerified
          ? 'Add a mobile number and enter the code we text to it.'
          : 'Verify your email address first, then a mobile number.',
        expected: `About a minute. Then you can withdraw${max ? ` up to ${formatMoney(max, currency)} a month` : ''}.`,
      },
      action: next,
    };
  }
  const limit = reachedLimit(data, currency);
  if (!limit) return null;
  const why = `You have withdrawn ${limit} this month, the limit of a phone-verified account.`;
  if (data.kycStatus === 'pending') {
    return {
      notice: {
        tone: 'waiting',
        title: `Identity check in progress: usually within ${REVIEW_DAYS}`,
        reason: `${why} Your identity documents are with our team; once they are verified, the monthly limit is lifted.`,
        needed: 'Nothing for now. We tell you in the bell and by email when they are decided.',
        expected: `Usually within ${REVIEW_DAYS}. The monthly limit also starts again on ${nextMonthStart()}.`,
      },
      action: null,
    };
  }
  return {
    notice: {
      tone: 'action',
      title: 'Monthly withdrawal limit reached',
      reason: why,
      needed:
        data.kycStatus === 'rejected'
          ? 'Your identity verification was rejected: read why and send your documents again. Or wait for next month.'
          : 'Verify your identity to lift the monthly limit, or wait for next month.',
      expected: `An identity review usually takes up to ${REVIEW_DAYS} once you send your documents. Otherwise the limit starts again on ${nextMonthStart()}.`,
    },
    action: next,
  };
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
            <Link href={hold.action.href}>{hold.action.label}</Link>
          </Button>
        )}
      </HoldNotice>
    </div>
  );
}
