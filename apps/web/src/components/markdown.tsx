import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** A link inside the app stays in the app; any other opens as a plain link that tells the next site nothing. */
function MarkdownLink({ href, children }: { href?: string; children?: ReactNode }) {
  const className = 'font-medium text-primary underline underline-offset-2 hover:text-primary/80';
  if (href?.startsWith('/') && !href.startsWith('//'))
    return (
      <Link href={href} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={className} rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const COMPONENTS: Components = {
  h1: ({ children }) => <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">{children}</h1>,
  h2: ({ children }) => <h2 className="mt-8 text-xl font-semibold text-brand-ink">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 text-lg font-semibold text-brand-ink">{children}</h3>,
  h4: ({ children }) => <h4 className="mt-4 font-semibold text-brand-ink">{children}</h4>,
  p: ({ children }) => <p className="mt-3 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1.5 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1.5 pl-6">{children}</ol>,
  li: ({ children }) => <li className="leading-relaxed">{children}</li>,
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  strong: ({ children }) => <strong className="font-semibold text-brand-ink">{children}</strong>,
  blockquote: ({ children }) => (
    <blockquote className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-1 pb-4 text-amber-950 [&_strong]:text-amber-950">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="my-8 border-border" />,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-sm">{children}</code>,
  img: ({ src, alt }) => <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} className="max-w-full" />,
};

/** Inside a page that has its own h1: every heading one level down. */
const NESTED_COMPONENTS: Components = {
  ...COMPONENTS,
  h1: ({ children }) => <h2 className="mt-3 text-xl font-bold tracking-tight text-brand-ink">{children}</h2>,
  h2: ({ children }) => <h3 className="mt-5 font-semibold text-brand-ink">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-4 font-semibold text-brand-ink">{children}</h4>,
};

/**
 * Markdown an operator wrote (the Terms, the Privacy Policy), rendered as React elements by a maintained
 * parser: raw HTML in it is dropped, never injected (`skipHtml`), and link addresses other than http(s),
 * mailto and tel are removed (react-markdown's default urlTransform).
 */
export function MarkdownText({
  children,
  className,
  nested = false,
}: {
  children: string;
  className?: string;
  /** Shown inside a page with its own title: the text's headings start at h2. */
  nested?: boolean;
}) {
  return (
    <div className={cn('text-foreground/90 [overflow-wrap:anywhere]', className)}>
      <Markdown skipHtml components={nested ? NESTED_COMPONENTS : COMPONENTS}>
        {children}
      </Markdown>
    </div>
  );
}
