import { FileText } from 'lucide-react';
import { LEGAL_PAGE_TITLES, type TLegalPageName } from '@holdfast/contracts/constants';
import { MarkdownText } from '@/components/markdown';
import { Badge } from '@/components/ui/badge';
import { PageSpinner } from '@/components/ui/spinner';
import { useLegalPage } from '@/lib/queries/get-legal-page';
import { LoadFailed } from '../components/load-failed';

/** The text starts with its own title (`# ...`): it is then the page's h1. */
const hasOwnTitle = (markdown: string) => /^\s*#\s/.test(markdown);

/** /terms and /privacy: the operator's text (or the template, which says so), rendered from Markdown. */
function LegalDocumentPage({ page }: { page: TLegalPageName }) {
  const query = useLegalPage(page);
  const title = LEGAL_PAGE_TITLES[page];
  if (query.isLoading) return <PageSpinner message={`Loading the ${title}...`} />;
  if (!query.data)
    return <LoadFailed title={`Failed to load the ${title}`} error={query.error} retry={query.refetch} />;
  const doc = query.data;
  return (
    <article className="mx-auto max-w-3xl min-w-0">
      <div className="mb-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <FileText className="size-4" aria-hidden="true" />
        {doc.version && <span>Version {doc.version}</span>}
        {doc.template && <Badge variant="warning">Template</Badge>}
      </div>
      {!hasOwnTitle(doc.markdown) && (
        <h1 className="text-2xl font-bold tracking-tight text-brand-ink sm:text-3xl">{doc.title}</h1>
      )}
      <MarkdownText>{doc.markdown}</MarkdownText>
    </article>
  );
}

export const TermsPage = () => <LegalDocumentPage page="terms" />;
export const PrivacyPage = () => <LegalDocumentPage page="privacy" />;
