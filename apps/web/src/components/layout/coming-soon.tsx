import * as React from 'react';
import { Link } from 'wouter';
import { Construction } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/layout/page-header';

interface ComingSoonProps {
  title: string;
  description?: string;
  icon?: React.ReactNode;
  /** What this page will do, in one honest sentence. */
  summary: string;
  backHref?: string;
  backLabel?: string;
}

/** A routed page whose feature is not built yet: says so plainly and offers a way back. */
export function ComingSoon({
  title,
  description,
  icon,
  summary,
  backHref = '/dashboard',
  backLabel = 'Back to Dashboard',
}: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={description} icon={icon} />
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <div className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <Construction className="size-6" aria-hidden="true" />
          </div>
          <div className="max-w-md space-y-1">
            <p className="font-semibold text-brand-ink">Coming soon</p>
            <p className="text-sm text-muted-foreground">{summary} This page is not available yet.</p>
          </div>
          <Button asChild variant="outline">
            <Link href={backHref}>{backLabel}</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
