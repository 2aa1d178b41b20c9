import * as React from 'react';
import { ChevronLeft, ChevronRight, Download, FileText } from 'lucide-react';
import { STATEMENT_DEFAULT_DAYS, type TWalletBalance } from '@holdfast/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { statementDownloadUrl, useStatement } from '../api/get-statement';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() - n * 86_400_000));

/**
 * The wallet statement: pick a currency and a date range, read it a page at a time with the balance after
 * each movement, and download the whole range as CSV or PDF.
 */
export function StatementCard({ wallet }: { wallet: TWalletBalance | undefined }) {
  const ids = { currency: React.useId(), from: React.useId(), to: React.useId() };
  const currencies = [...new Set([wallet?.currency, ...(wallet?.balances ?? []).map((b) => b.currency)])].filter(
    (c): c is string => !!c,
  );
  const [picked, setPicked] = React.useState<string | null>(null);
  const currency = picked ?? wallet?.currency ?? '';
  const [from, setFrom] = React.useState(() => daysAgo(STATEMENT_DEFAULT_DAYS - 1));
  const [to, setTo] = React.useState(() => isoDay(new Date()));
  const [page, setPage] = React.useState(1);
  const reversed = !!from && !!to && from > to;
  const statement = useStatement({ currency, from, to, page }, !!currency && !!from && !!to && !reversed);
  const s = statement.data;
  const money = (amount: string) => formatMoney(amount, s?.currency ?? currency);
  const range = { currency, from, to };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Statement</CardTitle>
        <CardDescription>Every movement in a date range with the balance after it (dates in UTC).</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="space-y-1.5">
            <Label htmlFor={ids.currency}>Currency</Label>
            <Select
              value={currency}
              onValueChange={(c) => {
                setPicked(c);
                setPage(1);
              }}
            >
              <SelectTrigger id={ids.currency}>
                <SelectValue placeholder="Currency" />
              </SelectTrigger>
              <SelectContent>
                {currencies.map((c) => (
                  <SelectItem key={c} value={c}>
                    {c}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.from}>From</Label>
            <Input
              id={ids.from}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => {
                setFrom(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.to}>To</Label>
            <Input
              id={ids.to}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => {
                setTo(e.target.value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {reversed && (
          <p role="alert" className="text-sm text-destructive">
            The start date must not be after the end date.
          </p>
        )}

        {statement.isError ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            The statement could not be loaded right now. Please try again later.
          </p>
        ) : !s ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 rounded-lg border p-3 text-sm sm:grid-cols-4">
              {[
                ['Opening balance', money(s.openingBalance)],
                ['Money in', money(s.totalIn)],
                ['Money out', money(s.totalOut)],
                ['Closing balance', money(s.closingBalance)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="font-semibold whitespace-nowrap text-brand-ink tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {s.entries.length === 0 ? (
              <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
                No movements in this range.
              </p>
            ) : (
              // Focusable, so a keyboard can scroll it sideways on a narrow screen.
              <div
                className="overflow-x-auto rounded-lg border"
                tabIndex={0}
                role="region"
                aria-label="Statement table"
              >
                <table className="w-full text-sm" aria-label="Statement movements">
                  <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                    <tr>
                      <th scope="col" className="hidden p-2 font-medium sm:table-cell">
                        Date
                      </th>
                      <th scope="col" className="p-2 font-medium">
                        Description
                      </th>
                      <th scope="col" className="p-2 text-right font-medium">
                        Amount
                      </th>
                      <th scope="col" className="p-2 text-right font-medium">
                        Balance
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {s.entries.map((e) => (
                      <tr key={e.id}>
                        <td className="hidden p-2 align-top whitespace-nowrap text-muted-foreground sm:table-cell">
                          {formatDateTime(e.date)}
                        </td>
                        {/* On a phone the date moves under the description, so amount and balance stay in view. */}
                        <td className="min-w-24 p-2 align-top break-words sm:min-w-40">
                          {e.description}
                          <span className="block text-xs text-muted-foreground sm:hidden">
                            {formatDateTime(e.date)}
                          </span>
                        </td>
                        <td
                          className={cn(
                            'p-2 text-right align-top whitespace-nowrap tabular-nums',
                            e.amount.startsWith('-') ? 'text-brand-ink' : 'text-emerald-700',
                          )}
                        >
                          {money(e.amount)}
                        </td>
                        <td className="p-2 text-right align-top whitespace-nowrap tabular-nums">{money(e.balance)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <nav aria-label="Statement pages" className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={s.page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  <ChevronLeft aria-hidden="true" /> Previous
                </Button>
                <span className="text-sm text-muted-foreground" aria-live="polite">
                  Page {s.page} of {s.totalPages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={s.page >= s.totalPages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
              <div className="flex gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={statementDownloadUrl(range, 'csv')} download>
                    <Download aria-hidden="true" /> Download CSV
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={statementDownloadUrl(range, 'pdf')} download>
                    <FileText aria-hidden="true" /> Download PDF
                  </a>
                </Button>
              </div>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
