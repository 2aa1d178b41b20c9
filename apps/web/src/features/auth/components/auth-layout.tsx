import * as React from 'react';
import { Link } from 'wouter';
import { CheckCircle2 } from 'lucide-react';
import { FEE_RATE_LABEL } from '@holdfast/contracts/constants';
import { Logo } from '@/components/layout/logo';

const POINTS = [
  'Payments held in escrow until delivery is confirmed',
  'Independent moderators for disputes',
  `Six currencies, one transparent ${FEE_RATE_LABEL} fee`,
];

/** Two-column frame for sign-in pages: brand panel (wide screens) and the form. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-brand-deep p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          className="pointer-events-none absolute inset-0 opacity-40"
          style={{
            backgroundImage:
              'radial-gradient(circle at 15% 25%, rgba(45,212,191,0.35), transparent 45%), radial-gradient(circle at 90% 85%, rgba(251,191,36,0.2), transparent 40%)',
          }}
        />
        <Link href="/" className="relative w-fit" aria-label="Holdfast home">
          <Logo inverted />
        </Link>
        <div className="relative max-w-md">
          <p className="text-3xl font-bold tracking-tight">Money held fast until both sides are happy.</p>
          <ul className="mt-8 space-y-3">
            {POINTS.map((p) => (
              <li key={p} className="flex gap-3 text-white/80">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-teal-300" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-white/50">© {new Date().getFullYear()} Holdfast</p>
      </aside>
      <main id="main" className="flex flex-col items-center justify-center bg-background px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <Link href="/" className="mb-8 inline-flex lg:hidden" aria-label="Holdfast home">
            <Logo />
          </Link>
          <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">{title}</h1>
          <p className="mt-2 text-muted-foreground">{description}</p>
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
