import { Link, useParams } from 'wouter';
import { ArrowLeft, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NoticeCard } from '@/components/ui/notice-card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { usePublicProfile } from '../api/get-public-profile';
import { usePublicTransactions } from '../api/get-public-transactions';
import { ProfileStats } from '../components/profile-stats';
import { ProfileSummary } from '../components/profile-summary';
import { PublicHistory } from '../components/public-history';

function ProfileError({ notFound }: { notFound: boolean }) {
  const { user } = useUser();
  return (
    <NoticeCard
      icon={<UserX />}
      title="Profile Not Found"
      description={
        notFound
          ? "This user profile doesn't exist or is not publicly available."
          : 'There was an error loading this profile.'
      }
      asPageTitle
    >
      {/* Signed out there is no dashboard: the way back is the home page. */}
      <Button asChild variant="outline">
        <Link href={user ? '/dashboard' : '/'}>
          <ArrowLeft aria-hidden="true" /> {user ? 'Back to Dashboard' : 'Back to Home'}
        </Link>
      </Button>
    </NoticeCard>
  );
}

function ProfileSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <span className="sr-only" role="status">
        Loading profile
      </span>
      <Skeleton className="h-40 w-full rounded-xl" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** /profile/:slug, signed in or out: who the person is, how they trade, and their public history. */
export function PublicProfilePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const profile = usePublicProfile(slug);
  const history = usePublicTransactions(slug, profile.isSuccess);

  if (profile.isLoading) return <ProfileSkeleton />;
  if (profile.isError || !profile.data) return <ProfileError notFound={errorStatus(profile.error) === 404} />;
  return (
    <div className="space-y-6">
      <ProfileSummary profile={profile.data} />
      <ProfileStats profile={profile.data} />
      <PublicHistory transactions={history.data} loading={history.isLoading} failed={history.isError} />
    </div>
  );
}
