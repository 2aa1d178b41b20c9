import { CLIENT_ERROR_LIMITS as LIMITS } from '@holdfast/contracts/constants';
import type { TClientErrorReport } from '@holdfast/contracts';

const trim = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/** What the server is told about an error the page could not recover from, each field within its limit. */
export function clientErrorReport(error: unknown, componentStack: string | null | undefined, url: string) {
  const report: TClientErrorReport = {
    message: trim(error instanceof Error ? `${error.name}: ${error.message}` : String(error), LIMITS.message),
    url: trim(url, LIMITS.url),
  };
  if (error instanceof Error && error.stack) report.stack = trim(error.stack, LIMITS.stack);
  if (componentStack) report.componentStack = trim(componentStack, LIMITS.componentStack);
  return report;
}

/**
 * Sends the report to the server's log (POST /api/client-errors). Never throws: a page that is already
 * failing must not fail again because the report could not be sent (offline, rate limited).
 */
export function reportClientError(error: unknown, componentStack?: string | null): void {
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(clientErrorReport(error, componentStack, window.location.href)),
    credentials: 'include',
    // Sent even when the person leaves the page at once (Try again reloads it).
    keepalive: true,
  }).catch(() => undefined);
}
