import { CalendarDays, CheckCircle2, CircleX } from 'lucide-react';
import type { TPublicProfile } from '@holdfast/contracts';
import { UserAvatar } from '@/components/layout/user-avatar';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { fullName } from '@/lib/format';
import { KYC_LABELS, memberSince } from '../lib/display';

const KYC_VARIANTS: Record<TPublicProfile['verificationStats']['kycStatus'], BadgeProps['variant']> = {
  verified: 'success',
  pending: 'warning',
  rejected: 'danger',
  unknown: 'muted',
};

function Tick({ label, ok }: { label: string; ok: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 text-sm">
      <span className="font-medium text-brand-ink">{label}</span>
      <span className={ok ? 'flex items-center gap-1.5 text-emerald-700' : 'flex items-center gap-1.5 text-slate-600'}>
        {ok ? (
          <CheckCircle2 className="size-4" aria-hidden="true" />
        ) : (
          <CircleX className="size-4" aria-hidden="true" />
        )}
        {ok ? 'Verified' : 'Not verified'}
      </span>
    </li>
  );
}

/** The person: picture or initials, name or 'Anonymous User', @slug, member since, and verification. */
export function ProfileSummary({ profile }: { profile: TPublicProfile }) {
  const name = fullName(profile) ?? 'Anonymous User';
  const v = profile.verificationStats;
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6 md:flex-row md:items-center md:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar user={profile} className="size-20 shrink-0 sm:size-24 [&_[data-slot=avatar-fallback]]:text-2xl" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words text-brand-ink sm:text-3xl">{name}</h1>
            <p className="font-medium break-all text-muted-foreground">@{profile.publicProfileSlug}</p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarDays className="size-4" aria-hidden="true" /> {memberSince(profile.createdAt)}
            </p>
          </div>
        </div>
        <section aria-labelledby="verification-heading" className="w-full rounded-lg border p-4 md:w-64 md:shrink-0">
          <h2 id="verification-heading" className="mb-3 text-sm font-semibold text-brand-ink">
            Verification
          </h2>
          <ul className="space-y-2">
            <Tick label="Email" ok={v.emailVerified} />
            <Tick label="Phone" ok={v.phoneVerified} />
            <li className="flex items-center justify-between gap-3 text-sm">
              <span className="font-medium text-brand-ink">KYC</span>
              <Badge variant={KYC_VARIANTS[v.kycStatus]}>{KYC_LABELS[v.kycStatus]}</Badge>
            </li>
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
