import { Link } from 'wouter';
import { Logo } from '@/components/layout/logo';
import { PUBLIC_PAGE_LINKS } from '@/components/layout/site-links';
import { useCompany } from '@/lib/queries/get-company';

export function LandingFooter() {
  const company = useCompany();
  const registration = company.data?.registration;
  return (
    <footer className="bg-brand-deep text-white/70">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-5 lg:px-8">
        <div className="md:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm text-sm">
            Escrow payments for products and services. Money held fast until both sides are happy.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Product</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href="#how-it-works" className="hover:text-white">
                How it works
              </a>
            </li>
            <li>
              <a href="#security" className="hover:text-white">
                Security
              </a>
            </li>
            <li>
              <a href="#support" className="hover:text-white">
                Support
              </a>
            </li>
            <li>
              <Link href="/moderators" className="hover:text-white">
                Our moderators
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Account</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link href="/register" className="hover:text-white">
                Create an account
              </Link>
            </li>
            <li>
              <Link href="/login" className="hover:text-white">
                Log in to your account
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Help and policies</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {PUBLIC_PAGE_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {company.name}
          {registration ? ` (registration ${registration})` : ''}. All amounts are held in escrow until released by the
          buyer or a moderator decision.
        </p>
      </div>
    </footer>
  );
}
