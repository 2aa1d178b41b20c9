import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Building2, LifeBuoy, Mail, MessageCircle, Phone } from 'lucide-react';
import type { TCompanyDetails } from '@holdfast/contracts';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useCompany } from '@/lib/queries/get-company';
import { LoadFailed } from '../components/load-failed';

const NOT_PUBLISHED = 'Not published yet';

function Detail({ label, value, children }: { label: string; value: string | null; children?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium whitespace-pre-line text-brand-ink [overflow-wrap:anywhere]">
        {value ? (
          (children ?? value)
        ) : (
          <span className="font-normal text-muted-foreground italic">{NOT_PUBLISHED}</span>
        )}
      </dd>
    </div>
  );
}

function ContactDetails({ company }: { company: TCompanyDetails }) {
  const reachable = company.email || company.phone;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Building2 className="size-5 text-primary" aria-hidden="true" />
            Who runs this service
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label="Company" value={company.name} />
            <Detail label="Registration number" value={company.registration} />
            <Detail label="Address" value={company.address} />
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mail className="size-5 text-primary" aria-hidden="true" />
            Write or call us
          </CardTitle>
          {!reachable && (
            <CardDescription>
              The operator has not published an email address or phone number yet. Members can reach the support team
              from the Support Center.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Detail label="Email" value={company.email}>
              <a href={`mailto:${company.email}`} className="text-primary underline-offset-2 hover:underline">
                {company.email}
              </a>
            </Detail>
            <Detail label="Phone" value={company.phone}>
              <a
                href={`tel:${company.phone?.replace(/[^\d+]/g, '')}`}
                className="inline-flex items-center gap-1.5 text-primary underline-offset-2 hover:underline"
              >
                <Phone className="size-4" aria-hidden="true" />
                {company.phone}
              </a>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <LifeBuoy className="size-5 text-primary" aria-hidden="true" />
            Help with a deal or your account
          </CardTitle>
          <CardDescription>
            Signed in, you can open a conversation with our support team about a transaction, a payment or your account,
            or chat with them live. Many questions are answered on the Help page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium">
            <li>
              <Link href="/support" className="inline-flex items-center gap-1.5 text-primary hover:underline">
                <LifeBuoy className="size-4" aria-hidden="true" />
                Support Center
              </Link>
            </li>
            <li>
              <Link href="/live-chat" className="inline-flex items-center gap-1.5 text-primary hover:underline">
                <MessageCircle className="size-4" aria-hidden="true" />
                Live Chat
              </Link>
            </li>
            <li>
              <Link href="/help" className="text-primary hover:underline">
                Help: common questions
              </Link>
            </li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

/** /contact: who runs the service (the operator's settings) and how to reach them. */
export function ContactPage() {
  const company = useCompany();
  return (
    <div className="mx-auto max-w-5xl min-w-0">
      {company.isLoading ? (
        <PageSpinner message="Loading contact details..." />
      ) : !company.data ? (
        <LoadFailed title="Failed to load the contact details" error={company.error} retry={company.refetch} />
      ) : (
        <>
          <PageHeader
            title="Contact us"
            description={`${company.data.name} runs this service. Here is how to reach us.`}
            icon={<Mail />}
          />
          <ContactDetails company={company.data} />
        </>
      )}
    </div>
  );
}
