import { Coins, Fingerprint, Landmark, ShieldCheck } from 'lucide-react';
import { CURRENCIES, CURRENCY_CODES } from '@holdfast/contracts/constants';

const FEATURES = [
  {
    icon: Landmark,
    title: 'Bank-level security',
    text: 'Encrypted connections, a double-entry ledger for every cent, and card payments handled by a certified payment provider.',
  },
  {
    icon: Fingerprint,
    title: 'Two-factor authentication',
    text: 'Protect your account with an authenticator app or SMS codes, and get signed out automatically when you step away.',
  },
  {
    icon: ShieldCheck,
    title: 'Independent moderators',
    text: 'If a deal goes wrong, trained moderators review the evidence and decide fairly before any money moves.',
  },
];

export function Security() {
  return (
    <section id="security" className="scroll-mt-8 border-y bg-card py-20 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Security</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-brand-ink sm:text-4xl">
            Built like a bank, simple like a chat
          </h2>
          <p className="mt-4 text-muted-foreground">
            Your money never sits with a stranger. It is held in escrow and moves only when the rules say it may.
          </p>
          <div className="mt-8 rounded-2xl border bg-background p-6">
            <div className="flex items-center gap-3">
              <Coins className="size-6 text-primary" aria-hidden="true" />
              <h3 className="font-semibold text-brand-ink">Multi-currency support</h3>
            </div>
            <p className="mt-2 text-sm text-muted-foreground">
              Transact and hold wallet balances in {CURRENCY_CODES.length} currencies, each shown in its own format.
            </p>
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Supported currencies">
              {CURRENCY_CODES.map((code) => (
                <li
                  key={code}
                  className="rounded-full border bg-card px-3 py-1 text-xs font-medium text-brand-ink"
                  title={CURRENCIES[code].name}
                >
                  {CURRENCIES[code].symbol} {code}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:col-span-3 lg:grid-cols-1">
          {FEATURES.map((f) => (
            <div key={f.title} className="flex gap-4 rounded-2xl border bg-background p-6">
              <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <f.icon className="size-5" aria-hidden="true" />
              </div>
              <div>
                <h3 className="font-semibold text-brand-ink">{f.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{f.text}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
