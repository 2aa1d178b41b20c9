import * as React from 'react';
import { Copy, ExternalLink, Sparkles } from 'lucide-react';
import {
  PROFILE_MESSAGES as M,
  PROFILE_SLUG_MAX_LENGTH,
  isValidProfileSlug,
  sanitizeSlugInput,
  type TProfileSettings,
} from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api';
import { useUpdateProfileSlug } from '../api/update-profile-slug';
import { GENERATE_DELAY_MS, generateProfileSlug } from '../lib/slug';

const profileUrl = (slug: string) => `${window.location.origin}/profile/${slug}`;

function CurrentUrl({ slug }: { slug: string }) {
  const url = profileUrl(slug);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: M.copied, description: 'Your profile URL is on the clipboard.' });
    } catch {
      toastError('Could not copy the URL. Select it and copy it instead.');
    }
  };
  return (
    <div className="space-y-2 rounded-lg border bg-muted/40 p-4">
      <p className="text-sm font-medium text-brand-ink">Your public profile</p>
      <p className="font-mono text-sm break-all text-brand-ink" data-testid="profile-url">
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={`/profile/${slug}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> Open
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </div>
  );
}

/** Public Profile URL: the current address, and the slug input with Generate and Create/Update. */
export function ProfileUrlCard({ settings }: { settings: TProfileSettings | undefined }) {
  const current = settings?.publicProfileSlug ?? null;
  const [slug, setSlug] = React.useState('');
  const [generating, setGenerating] = React.useState(false);
  const update = useUpdateProfileSlug();
  const inputId = React.useId();
  const hintId = React.useId();
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);

  // The input starts from the saved slug once it is known.
  React.useEffect(() => {
    if (current) setSlug(current);
  }, [current]);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const valid = isValidProfileSlug(slug);
  const showInvalid = slug.length > 0 && !valid;

  const generate = () => {
    setGenerating(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSlug(generateProfileSlug());
      setGenerating(false);
    }, GENERATE_DELAY_MS);
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    update.mutate(slug, {
      onSuccess: (saved) =>
        toast({
          title: M.profileUrlUpdated,
          description: `Your profile is at /profile/${saved.publicProfileSlug}.`,
        }),
      onError: (err) => toastError(errorMessage(err, M.profileUrlFailed)),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Public Profile URL</CardTitle>
        <CardDescription>A link you can share so others can check your reputation.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {!settings ? (
          <Skeleton className="h-24 w-full" />
        ) : current ? (
          <CurrentUrl slug={current} />
        ) : (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            You have no public profile yet. Choose a URL below to create one.
          </p>
        )}
        <form onSubmit={onSubmit} className="space-y-2" noValidate>
          <Label htmlFor={inputId}>Profile URL</Label>
          <div className="flex min-w-0 items-center rounded-md border border-input bg-card shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30">
            <span className="shrink-0 pl-3 text-sm text-muted-foreground select-none" aria-hidden="true">
              /profile/
            </span>
            <Input
              id={inputId}
              value={slug}
              onChange={(e) => setSlug(sanitizeSlugInput(e.target.value))}
              maxLength={PROFILE_SLUG_MAX_LENGTH}
              placeholder="your-name"
              autoComplete="off"
              spellCheck={false}
              aria-describedby={hintId}
              aria-invalid={showInvalid || undefined}
              className="border-0 pl-1 shadow-none focus-visible:ring-0"
            />
          </div>
          <p id={hintId} className={showInvalid ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
            {M.slugHint}
          </p>
          <div className="flex flex-wrap gap-2 pt-2">
            <Button type="button" variant="outline" onClick={generate} disabled={generating || update.isPending}>
              {generating ? <Spinner /> : <Sparkles aria-hidden="true" />}
              {generating ? 'Generating...' : 'Generate'}
            </Button>
            <Button type="submit" disabled={!valid || slug === current || update.isPending || !settings}>
              {update.isPending && <Spinner />}
              {current ? 'Update URL' : 'Create Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
