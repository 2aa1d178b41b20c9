import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { Roles } from '../components/roles';
import { Security } from '../components/security';
import { Support } from '../components/support';

/** The public front page for visitors at /. */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-background">
      <LandingHeader />
      <main>
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
