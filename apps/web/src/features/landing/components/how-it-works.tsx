import { FileSignature, PackageCheck, Wallet } from 'lucide-react';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';

const STEPS = [
  {
    icon: FileSignature,
    title: 'Agree and pay into escrow',
    text: `The buyer creates a transaction with the seller’s email, the amount and what is being delivered, then pays the amount plus a ${FEE_RATE_LABEL} fee into escrow.`,
  },
  {
    icon: PackageCheck,
    title: 'Seller delivers',
    text: 'The seller accepts, shares an expected delivery date and ships the item or does the work, knowing the money is already secured.',
  },
  {
    icon: Wallet,
    title: 'Buyer confirms, funds released',
    text: 'When the buyer confirms receipt, Holdfast releases the funds to the seller. If something goes wrong, a moderator steps in.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className="scroll-mt-8 bg-background py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">How it works</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-brand-ink sm:text-4xl">
            Three steps to a safe deal
          </h2>
          <p className="mt-4 text-muted-foreground">
            Whether you are buying a phone or hiring a designer, every Holdfast transaction follows the same simple
            path.
          </p>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-brand-deep text-sm font-bold text-white">
                  {index + 1}
                </span>
                <step.icon className="size-6 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold text-brand-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
