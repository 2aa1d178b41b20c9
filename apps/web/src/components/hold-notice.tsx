import * as React from 'react';
import { CircleAlert, Clock, Undo2 } from 'lucide-react';
import type { THoldNotice } from '@holdfast/contracts';
import { cn } from '@/lib/utils';

const TONES: Record<THoldNotice['tone'], { box: string; icon: React.ReactNode }> = {
  waiting: { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: <Clock aria-hidden="true" /> },
  action: { box: 'border-sky-200 bg-sky-50 text-sky-950', icon: <CircleAlert aria-hidden="true" /> },
  done: { box: 'border-slate-200 bg-slate-50 text-slate-900', icon: <Undo2 aria-hidden="true" /> },
};

interface HoldNoticeProps {
  notice: THoldNotice;
  /** A line above the title, e.g. the amount and where it goes. */
  subject?: React.ReactNode;
  /** Buttons or links under the text (the next step, when the person can take one). */
  children?: React.ReactNode;
  className?: string;
}

/**
 * Wherever money waits (a held or pending withdrawal, a limit, a verification), the same three answers:
 * why, what the person needs to do, and when it should end (every hold explained, issue 30).
 */
export function HoldNotice({ notice, subject, children, className }: HoldNoticeProps) {
  const tone = TONES[notice.tone];
  return (
    <div
      data-testid="hold-notice"
      className={cn('flex gap-3 rounded-lg border p-4 text-sm [&_svg]:size-5 [&_svg]:shrink-0', tone.box, className)}
    >
      <span className="mt-0.5">{tone.icon}</span>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          {subject && <p className="text-xs font-medium opacity-80">{subject}</p>}
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1 leading-relaxed">{notice.reason}</p>
        </div>
        <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="font-medium">What you need to do</dt>
          <dd>{notice.needed}</dd>
          <dt className="font-medium">When</dt>
          <dd>{notice.expected}</dd>
        </dl>
        {children && <div className="flex flex-wrap gap-2 pt-1">{children}</div>}
      </div>
    </div>
  );
}
