import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CircleHelp } from 'lucide-react';
import {
  DEFAULT_CURRENCY,
  ESCROW_TIMERS,
  FEE_RATE_LABEL,
  formatMoney,
  type TCurrenciesResponse,
  type TPublicConfig,
} from '@holdfast/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { publicConfigQueryOptions } from '@/lib/config';
import { currenciesQueryOptions } from '@/lib/queries/get-currencies';
import { LoadFailed } from '../components/load-failed';

const T = ESCROW_TIMERS;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

const linkClass = 'font-medium text-primary underline-offset-2 hover:underline';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-brand-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Question({ q, children }: { q: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-brand-ink">{q}</h3>
      <div className="space-y-2 leading-relaxed text-foreground/90">{children}</div>
    </div>
  );
}

const SECTIONS = [
  ['escrow', 'How escrow works here'],
  ['inspection', 'Delivery and the inspection period'],
  ['disputes', 'Disputes and their deadlines'],
  ['withdrawals', 'Your wallet and withdrawals'],
] as const;

function Answers({ config, currencies }: { config: TPublicConfig; currencies: TCurrenciesResponse }) {
  const { responseDays, assignHours, decisionDays } = config.disputeClocks;
  const zar = currencies.supported.find((c) => c.code === DEFAULT_CURRENCY) ?? currencies.supported[0]!;
  return (
    <>
      <nav aria-label="On this page" className="rounded-lg border bg-card px-4 py-3">
        <p className="text-sm font-medium text-muted-foreground">On this page</p>
        <ul className="mt-2 grid gap-1.5 text-sm sm:grid-cols-2">
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`} className={linkClass}>
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="escrow" title="How escrow works here">
        <Question q="What happens to my money?">
          <ol className="list-decimal space-y-1.5 pl-6">
            <li>The buyer creates a transaction for an amount, naming the seller by their email address.</li>
            <li>
              The buyer pays the amount plus the {FEE_RATE_LABEL} fee into escrow, by card or from their wallet. The
              money is held: neither side can touch it.
            </li>
            <li>The seller accepts the deal, optionally with an expected delivery date, and delivers.</li>
            <li>
              The buyer confirms that they received what was agreed, and the money is released to the seller&apos;s
              wallet.
            </li>
          </ol>
        </Question>
        <Question q="What does it cost?">
          <p>
            The buyer pays {FEE_RATE_LABEL} of the amount on top; the seller receives the whole amount. The{' '}
            <Link href="/fees" className={linkClass}>
              Fees
            </Link>{' '}
            page has worked examples and the limits of each currency.
          </p>
        </Question>
        <Question q="What if the deal never gets going?">
          <p>
            A transaction nobody pays for is cancelled {plural(T.unfundedCancelDays, 'day')} after it was created. A
            paid transaction the seller has not accepted {plural(T.unacceptedCancelDays, 'day')} after payment is
            cancelled, and the money goes back to the buyer&apos;s wallet. Before the seller accepts, either side may
            cancel.
          </p>
        </Question>
      </Section>

      <Section id="inspection" title="Delivery and the inspection period">
        <Question q="What is the inspection period?">
          <p>
            When the seller marks the deal delivered, the buyer has an inspection period to check what arrived:{' '}
            {plural(T.inspectionDays.default, 'day')} unless the buyer chose otherwise (from{' '}
            {plural(T.inspectionDays.min, 'day')} to {plural(T.inspectionDays.max, 'day')}) when creating the
            transaction. The buyer is reminded {plural(T.inspectionReminderHours, 'hour')} before it ends.
          </p>
        </Question>
        <Question q="What happens when it ends?">
          <p>
            If the buyer has neither confirmed nor opened a dispute by then, the money is released to the seller
            automatically. To stop that, open a dispute before the period ends.
          </p>
        </Question>
        <Question q="The seller has not delivered. What can I do?">
          <p>
            If a paid, accepted deal is not marked delivered {plural(T.lateDeliveryGraceDays, 'day')} after the expected
            delivery date (or after acceptance, when no date was given), the buyer may cancel it and is refunded in
            full. You can also open a dispute at any time before the deal is completed.
          </p>
        </Question>
      </Section>

      <Section id="disputes" title="Disputes and their deadlines">
        <Question q="Who can open a dispute, and when?">
          <p>
            The buyer or the seller of a paid deal that is not yet completed. While a dispute is open, no timer moves
            the money: it stays in escrow until a person decides.
          </p>
        </Question>
        <Question q="What are the deadlines?">
          <ul className="list-disc space-y-1.5 pl-6">
            <li>
              <strong className="font-semibold">{plural(responseDays, 'day')} to respond.</strong> The other party is
              asked for their side: a statement, evidence or a settlement offer. Without a response, the case goes to a
              moderator marked &ldquo;no response&rdquo;.
            </li>
            <li>
              <strong className="font-semibold">{plural(assignHours, 'hour')} to be taken.</strong> A moderator takes
              the case; if none has {plural(assignHours, 'hour')} after it was opened, the administrators are told and
              find one.
            </li>
            <li>
              <strong className="font-semibold">{plural(decisionDays, 'day')} to decide.</strong> The moderator decides
              within {plural(decisionDays, 'day')} of taking the case; if not, it is escalated to an administrator.
            </li>
          </ul>
          <p>Each case shows its own deadlines, the current step and what happens if nobody acts.</p>
        </Question>
        <Question q="How can a dispute end?">
          <p>
            The two of you can settle it by agreeing on an offer. Otherwise the moderator decides: release the money to
            the seller, refund the buyer in full (fee included), or split the amount. A large decision is checked by a
            second moderator or an administrator before any money moves. The{' '}
            <Link href="/fees" className={linkClass}>
              Fees
            </Link>{' '}
            page shows how a split shares the fee. Moderators&apos; track record is public on{' '}
            <Link href="/moderators" className={linkClass}>
              Our moderators
            </Link>
            .
          </p>
        </Question>
      </Section>

      <Section id="withdrawals" title="Your wallet and withdrawals">
        <Question q="How do I get money out of my wallet?">
          <p>
            On the Wallet page, choose Withdraw and give the account holder&apos;s name and the account number (6 to 34
            digits). The smallest withdrawal is {formatMoney(zar.minWithdrawal, zar.code)} (other currencies: see{' '}
            <Link href="/fees#fee-limits" className={linkClass}>
              Fees
            </Link>
            ), and there is no fee.
          </p>
        </Question>
        <Question q="How do I know it arrived?">
          <p>
            Your wallet&apos;s activity shows each withdrawal, pending until it is paid, and you get an email when it is
            paid. If the bank refuses the payment, the money returns to your wallet and the email says why. We keep only
            the last four digits of the account number.
          </p>
        </Question>
      </Section>

      <p className="rounded-lg border bg-card px-4 py-3 text-sm">
        Still stuck?{' '}
        <Link href="/support" className={linkClass}>
          Ask our support team
        </Link>{' '}
        or see how to{' '}
        <Link href="/contact" className={linkClass}>
          contact us
        </Link>
        .
      </p>
    </>
  );
}

/** /help: answers to the common questions, with the deadlines this server actually runs on. */
export function HelpPage() {
  const config = useQuery(publicConfigQueryOptions());
  const currencies = useQuery(currenciesQueryOptions());
  const failed = config.error ?? currencies.error;
  return (
    <div className="mx-auto max-w-3xl min-w-0 space-y-10">
      {config.data && currencies.data ? (
        <>
          <PageHeader
            title="Help"
            description="How escrow works here, the inspection period, disputes and their deadlines, and withdrawals."
            icon={<CircleHelp />}
          />
          <Answers config={config.data} currencies={currencies.data} />
        </>
      ) : failed ? (
        <LoadFailed
          title="Failed to load the help page"
          error={failed}
          retry={() => Promise.all([config.refetch(), currencies.refetch()])}
        />
      ) : (
        <PageSpinner message="Loading help..." />
      )}
    </div>
  );
}
