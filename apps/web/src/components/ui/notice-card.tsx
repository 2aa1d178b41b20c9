import * as React from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const TONES = {
  neutral: 'bg-muted text-muted-foreground',
  info: 'bg-sky-100 text-sky-700',
  success: 'bg-emerald-100 text-emerald-700',
  warning: 'bg-amber-100 text-amber-700',
  danger: 'bg-red-100 text-red-700',
};

interface NoticeCardProps {
  icon?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links under the text. */
  children?: React.ReactNode;
  tone?: keyof typeof TONES;
  /** Render the title as the page's h1 (a page that is only this notice). */
  asPageTitle?: boolean;
  className?: string;
}

/** A centered card for a whole-page state: signed out, not found, not allowed, done. */
export function NoticeCard({
  icon,
  title,
  description,
  children,
  tone = 'neutral',
  asPageTitle = false,
  className,
}: NoticeCardProps) {
  const Heading = asPageTitle ? 'h1' : 'h2';
  return (
    <Card className={cn('mx-auto w-full max-w-lg', className)}>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        {icon && (
          <div className={cn('flex size-12 items-center justify-center rounded-full [&_svg]:size-6', TONES[tone])}>
            {icon}
          </div>
        )}
        <div className="space-y-1">
          <Heading className="text-xl font-semibold text-brand-ink">{title}</Heading>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children && <div className="flex flex-wrap justify-center gap-2">{children}</div>}
      </CardContent>
    </Card>
  );
}
