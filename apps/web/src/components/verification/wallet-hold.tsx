import { ShieldAlert } from 'lucide-react';
import { CURRENCIES, TIER_LIMITS, formatMoney, isCurrencyCode, toMinor } from '@holdfast/contracts/constants';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';
import { NextStepButton } from './limit-notice';

/** The first day of next month (UTC), when a monthly limit starts again, as people read dates. */
function nextMonthStart(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return d.toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/**
 * The wallet page's explained hold (issue 30, item 6): when the account's tier stops money leaving, the
 * reason, what is needed, how long it takes and the one button. Nothing shows while nothing is held.
 */
export function WalletHoldNotice({ currency }: { currency: string }) {
  const status = useVerificationStatus();
  const data = status.data;
  if (!data || data.tier >= 3) return null;
  if (data.tier < 2) {
    return (
      <Alert variant="warning" className="mb-6" data-testid="wallet-hold">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Withdrawals need phone verification</AlertTitle>
        <AlertDescription>
          <p>
            <strong>Why:</strong> we confirm a phone number before money leaves Holdfast, so nobody else can empty your
            wallet. <strong>What is needed:</strong>{' '}
            {data.emailVerified
              ? 'a mobile number and the code we text to it'
              : 'first your email address, then a mobile number'}
            . <strong>How long:</strong> about a minute.
          </p>
          <NextStepButton status={data} />
        </AlertDescription>
      </Alert>
    );
  }
  const reached = data.usage.filter((u) => {
    if (!isCurrencyCode(u.currency)) return false;
    const max = TIER_LIMITS[2][u.currency].withdrawalMonthlyMax;
    const places = CURRENCIES[u.currency].decimalPlaces;
    return max !== null && (toMinor(u.withdrawnThisMonth, places) ?? 0n) >= (toMinor(max, places) ?? 0n);
  });
  if (reached.length === 0) return null;
  const shown = reached.find((u) => u.currency === currency) ?? reached[0]!;
  const max = isCurrencyCode(shown.currency) ? TIER_LIMITS[2][shown.currency].withdrawalMonthlyMax! : '0';
  return (
    <Alert variant="warning" className="mb-6" data-testid="wallet-hold">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Monthly withdrawal limit reached</AlertTitle>
      <AlertDescription>
        <p>
          <strong>Why:</strong> you have withdrawn {formatMoney(max, shown.currency)} this month, the limit of a
          phone-verified account. <strong>What is needed:</strong> identity verification lifts the monthly limit, or
          wait until {nextMonthStart()}. <strong>How long:</strong>{' '}
          {data.nextStep?.waiting ? 'your documents are being reviewed now' : 'a review usually takes one business day'}
          .
        </p>
        <NextStepButton status={data} />
      </AlertDescription>
    </Alert>
  );
}
