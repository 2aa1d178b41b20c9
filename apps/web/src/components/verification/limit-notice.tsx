import { Link } from 'wouter';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import {
  TIER_LIMITS,
  formatMoney,
  isCurrencyCode,
  stepTo,
  type TVerificationTier,
} from '@holdfast/contracts/constants';
import type { TVerificationStatus } from '@holdfast/contracts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorCode, errorMessage } from '@/lib/api';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';

/** The one button to the next verification step ("Verify your phone"), or a note while identity is reviewed. */
export function NextStepButton({
  status,
  size = 'sm',
}: {
  status: TVerificationStatus | undefined;
  size?: 'sm' | 'default';
}) {
  const next = status?.nextStep;
  if (!next) return null;
  if (next.waiting) return <p className="text-xs">Your identity documents are being reviewed.</p>;
  return (
    <Button asChild size={size} variant="outline" className="mt-2 w-fit">
      <Link href={next.href}>{next.action}</Link>
    </Button>
  );
}

const nextTier = (tier: TVerificationTier) => Math.min(tier + 1, 3) as TVerificationTier;

/**
 * Before the create form is filled: how much this account may move per transaction in `currency`, and
 * what the next step raises it to.
 */
export function TransactionLimitNotice({ currency }: { currency: string }) {
  const status = useVerificationStatus();
  if (!status.data || !isCurrencyCode(currency) || status.data.tier >= 3) return null;
  const tier = status.data.tier;
  const now = formatMoney(TIER_LIMITS[tier][currency].transactionMax, currency);
  // Tiers 0 and 1 share a limit: the phone (tier 2) is what raises it.
  const then = formatMoney(TIER_LIMITS[tier < 2 ? 2 : 3][currency].transactionMax, currency);
  const how =
    tier === 0 ? 'Verify your email, then your phone,' : (stepTo(nextTier(tier))?.action ?? 'Verify your account');
  return (
    <Alert variant="info" role="status" data-testid="transaction-limit">
      <ShieldCheck aria-hidden="true" />
      <AlertTitle>Your limit: {now} per transaction</AlertTitle>
      <AlertDescription>
        <p>
          Your account can send up to {now} per deal. {how} to raise it to {then}.
        </p>
        <NextStepButton status={status.data} />
      </AlertDescription>
    </Alert>
  );
}

/** Before the withdraw form is filled: none yet (verify the phone), or what is left of this month's limit. */
export function WithdrawalLimitNotice({ currency }: { currency: string }) {
  const status = useVerificationStatus();
  if (!status.data || !isCurrencyCode(currency) || status.data.tier >= 3) return null;
  const { tier } = status.data;
  const max = TIER_LIMITS[tier][currency].withdrawalMonthlyMax;
  if (tier < 2 || max === null) {
    return (
      <Alert variant="warning" role="status" data-testid="withdrawal-limit">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Withdrawals need phone verification</AlertTitle>
        <AlertDescription>
          <p>
            Verify your phone to withdraw up to{' '}
            {formatMoney(TIER_LIMITS[2][currency].withdrawalMonthlyMax ?? '0', currency)} a month. It takes a minute.
          </p>
          <NextStepButton status={status.data} />
        </AlertDescription>
      </Alert>
    );
  }
  const used = status.data.usage.find((u) => u.currency === currency)?.withdrawnThisMonth ?? '0';
  return (
    <Alert variant="info" role="status" data-testid="withdrawal-limit">
      <ShieldCheck aria-hidden="true" />
      <AlertTitle>
        Monthly limit: {formatMoney(max, currency)} ({formatMoney(used, currency)} used)
      </AlertTitle>
      <AlertDescription>
        <p>Verify your identity to withdraw more than this each month.</p>
        <NextStepButton status={status.data} />
      </AlertDescription>
    </Alert>
  );
}

/** A call refused with 403 VERIFICATION_REQUIRED: the server's reason and the same one button. */
export function VerificationRequiredAlert({ error }: { error: unknown }) {
  const status = useVerificationStatus(errorCode(error) === 'VERIFICATION_REQUIRED');
  if (errorCode(error) !== 'VERIFICATION_REQUIRED') return null;
  return (
    <Alert variant="warning" data-testid="verification-required">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>Verification needed</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error, 'Verify your account to continue.')}</p>
        <NextStepButton status={status.data} />
      </AlertDescription>
    </Alert>
  );
}
