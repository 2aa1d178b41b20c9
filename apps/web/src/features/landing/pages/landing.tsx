import * as React from 'react';
import { SIGNED_OUT_MESSAGES, takeSignedOutReason } from '@/lib/signed-out-notice';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { Roles } from '../components/roles';
import { Security } from '../components/security';
import { Support } from '../components/support';

/** The public front page for visitors at /. */
/** Why the person landed here signed out, when it was not their own choice (idle or expired session). */
function SignedOutNotice() {
  const [reason] = React.useState(takeSignedOutReason);
  if (!reason) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 top-20 z-40 mx-auto w-fit max-w-[calc(100%-2rem)] rounded-lg bg-card px-4 py-3 text-sm font-medium text-brand-ink shadow-lg ring-1 ring-amber-300"
    >
      {SIGNED_OUT_MESSAGES[reason]}
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-background">
      <LandingHeader />
      <SignedOutNotice />
      <main id="main">
        <Hero />
        <HowItWorks />
        <Security />
        <Roles />
        <Support />
      </main>
      <LandingFooter />
    </div>
  );
}
