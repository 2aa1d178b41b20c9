import { Link } from 'wouter';
import { ArrowRight, Briefcase, CheckCircle2, Clock3, Lock, ShoppingBag, Store } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DEFAULT_CURRENCY, FEE_RATE_LABEL, feeFor, toDecimal } from '@holdfast/contracts/constants';
import { formatMoney } from '@/lib/format';

/** The preview's example deal, its fee computed by the one fee rule. */
const EXAMPLE_AMOUNT = 1_250_000n;
const example = (minor: bigint) => formatMoney(toDecimal(minor, DEFAULT_CURRENCY), DEFAULT_CURRENCY);

const OFFERS = [
  { icon: ShoppingBag, title: 'Buy Products', text: 'Pay safely; the seller is paid only when your item arrives.' },
  { icon: Store, title: 'Sell Products', text: 'Ship with confidence: the buyer’s money is already secured.' },
  { icon: Briefcase, title: 'Hire Services', text: 'Fund the job up front, release it when the work is done.' },
];

function EscrowPreview() {
  const steps = [
    { label: 'Paid into escrow', done: true },
    { label: 'Seller accepted and shipped', done: true },
    { label: 'Awaiting buyer confirmation', done: false },
  ];
  return (
    <div className="relative mx-auto w-full max-w-md" aria-hidden="true">
      <div className="absolute -inset-4 rounded-3xl bg-gradient-to-tr from-teal-400/20 to-amber-300/20 blur-2xl" />
      <div className="relative rounded-2xl border border-white/10 bg-card p-6 text-brand-ink shadow-2xl">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Escrow #HF-2048</p>
            <p className="mt-1 font-semibold">Refurbished camera kit</p>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-1 text-xs font-medium text-sky-800">
            <Lock className="size-3" /> Held
          </span>
        </div>
        <p className="mt-5 text-3xl font-bold tracking-tight">{example(EXAMPLE_AMOUNT)}</p>
        <p className="text-xs text-muted-foreground">
          + {example(feeFor(EXAMPLE_AMOUNT))} service fee ({FEE_RATE_LABEL})
        </p>
        <ol className="mt-6 space-y-3">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-3 text-sm">
              {step.done ? (
                <CheckCircle2 className="size-5 text-emerald-600" />
              ) : (
                <Clock3 className="size-5 text-amber-500" />
              )}
              <span className={step.done ? 'text-brand-ink' : 'font-medium text-amber-700'}>{step.label}</span>
            </li>
          ))}
        </ol>
        <div className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 text-xs text-emerald-900">
          Funds are released to the seller the moment the buyer confirms receipt.
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-brand-deep pt-28 pb-16 text-white sm:pt-36 sm:pb-24">
      <div
        className="pointer-events-none absolute inset-0 opacity-40"
        style={{
          backgroundImage:
            'radial-gradient(circle at 20% 20%, rgba(45,212,191,0.35), transparent 40%), radial-gradient(circle at 85% 10%, rgba(251,191,36,0.18), transparent 35%)',
        }}
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-teal-200">
            <Lock className="size-3.5" aria-hidden="true" /> Escrow for products and services
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Money held fast until both sides are happy.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-white/75">
            Holdfast keeps the buyer’s payment safe in escrow while the seller delivers, and releases it only when the
            buyer confirms. No more paying strangers and hoping.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="gold">
              <Link href="/register">
                Get Started <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/25 bg-white/5 text-white hover:bg-white/15 hover:text-white"
            >
              <Link href="/login">Sign In</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-white/60">
            Free to join. A flat {FEE_RATE_LABEL} fee per transaction, nothing else.
          </p>
        </div>
        <EscrowPreview />
      </div>
      <div className="relative mx-auto mt-14 grid max-w-7xl gap-4 px-4 sm:grid-cols-3 sm:px-6 lg:px-8">
        {OFFERS.map((offer) => (
          <div key={offer.title} className="rounded-xl border border-white/10 bg-white/5 p-5 backdrop-blur-sm">
            <offer.icon className="size-6 text-teal-300" aria-hidden="true" />
            <h2 className="mt-3 font-semibold">{offer.title}</h2>
            <p className="mt-1 text-sm text-white/70">{offer.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
