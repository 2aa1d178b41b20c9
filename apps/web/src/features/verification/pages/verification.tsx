import { Link } from 'wouter';
import { BadgeCheck, CheckCircle2, Circle, Clock, Mail, Smartphone } from 'lucide-react';
import { formatMoney, type TVerificationStatus } from '@holdfast/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { PhoneVerificationForm } from '@/components/verification/phone-verification-form';
import { NextStepButton } from '@/components/verification/limit-notice';
import { useUser } from '@/lib/auth';
import { useVerificationStatus } from '@/lib/queries/get-verification-status';
import { cn } from '@/lib/utils';

const ICONS = { 1: Mail, 2: Smartphone, 3: BadgeCheck } as const;

/** The person's own currency first: the limits they read are the ones they use. */
function limitLines(view: TVerificationStatus['tiers'][number], currency: string) {
  const limit = view.limits.find((l) => l.currency === currency) ?? view.limits[0]!;
  const deal = `Transactions up to ${formatMoney(limit.transactionMax, limit.currency)} each`;
  const out =
    limit.withdrawalMonthlyMax === null
      ? 'Withdrawals without a monthly limit'
      : Number(limit.withdrawalMonthlyMax) === 0
        ? 'No withdrawals'
        : `Withdrawals up to ${formatMoney(limit.withdrawalMonthlyMax, limit.currency)} a month`;
  return [deal, out];
}

function TierCard({
  view,
  status,
  currency,
}: {
  view: TVerificationStatus['tiers'][number];
  status: TVerificationStatus;
  currency: string;
}) {
  const Icon = ICONS[view.tier];
  const isNext = status.nextStep?.tier === view.tier;
  const identityPending = view.tier === 3 && status.kycStatus === 'pending';
  const identityRejected = view.tier === 3 && status.kycStatus === 'rejected';
  return (
    <Card className={cn(isNext && 'border-primary ring-1 ring-primary/30')} data-testid={`tier-${view.tier}`}>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            Tier {view.tier}: {view.title}
          </CardTitle>
          {view.done ? (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" /> Done
            </Badge>
          ) : identityPending ? (
            <Badge variant="warning">
              <Clock aria-hidden="true" /> Pending review
            </Badge>
          ) : identityRejected ? (
            <Badge variant="danger">Rejected</Badge>
          ) : (
            <Badge variant="muted">
              <Circle aria-hidden="true" /> To do
            </Badge>
          )}
        </div>
        <CardDescription>{view.requirement}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-1 text-sm text-brand-ink">
          {limitLines(view, currency).map((line) => (
            <li key={line} className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
        {view.tier === 2 && (
          <section id="phone" aria-label="Phone verification" className="scroll-mt-24">
            {(isNext || status.phoneVerified || status.phoneCodeExpiresAt) && <PhoneVerificationForm status={status} />}
          </section>
        )}
        {view.tier === 3 && isNext && !status.nextStep?.waiting && (
          <Button asChild>
            <Link href="/verification/identity">
              {identityRejected ? 'Send your documents again' : 'Verify your identity'}
            </Link>
          </Button>
        )}
        {view.tier === 3 && identityPending && (
          <p className="text-sm text-muted-foreground">
            Your documents are with our team. We tell you by notification and email when they are reviewed.
          </p>
        )}
        {view.tier === 1 && !view.done && isNext && <NextStepButton status={status} size="default" />}
      </CardContent>
    </Card>
  );
}

/** /verification: the three tiers, which are done, what each allows and the one next step. */
export function VerificationPage() {
  const { user } = useUser();
  const status = useVerificationStatus(!!user);
  if (status.isLoading) return <PageSpinner message="Loading your verification..." />;
  const data = status.data;
  const currency = user?.walletCurrency ?? 'ZAR';
  return (
    <>
      <PageHeader
        title="Verification"
        description="The more we know who you are, the more money you can move. Each step raises your limits."
        icon={<BadgeCheck />}
      />
      {!data ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          Your verification could not be loaded right now. Please try again later.
        </p>
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-muted-foreground" data-testid="current-tier">
            {data.tier === 0 ? 'Your email address is not verified yet.' : `You are at tier ${data.tier} of 3.`}{' '}
            {data.nextStep ? `Next: ${data.nextStep.action.toLowerCase()}.` : 'Your account is fully verified.'}
          </p>
          <div className="grid gap-4">
            {data.tiers.map((view) => (
              <TierCard key={view.tier} view={view} status={data} currency={currency} />
            ))}
          </div>
        </div>
      )}
    </>
  );
}
