import * as React from 'react';
import { AlertTriangle, Home, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { reportClientError } from '@/lib/client-errors';

/** Shown instead of a page that failed to render: what happened, and two ways on. */
function ErrorScreen() {
  React.useEffect(() => {
    document.title = 'Something went wrong · Holdfast';
  }, []);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" role="alert">
        <CardContent className="pt-6">
          <div className="flex items-center gap-2">
            <AlertTriangle className="size-8 shrink-0 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-brand-ink">Something went wrong</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            This page stopped working because of an error on our side, and we have been sent a report. Your transactions
            and wallet are not affected.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* A fresh load: the page's code and data again, as they are now on the server. */}
            <Button onClick={() => window.location.reload()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
            <Button asChild variant="outline">
              <a href="/">
                <Home aria-hidden="true" />
                Go to the home page
              </a>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}

/**
 * Catches an error while rendering the app's pages (a bug, or a page's code that failed to download
 * after a release): shows ErrorScreen instead of a blank page and reports the error to the server's
 * log. The browser's Back button leaves the error screen too: the pages render again for that address.
 */
export class AppErrorBoundary extends React.Component<{ children: React.ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: React.ErrorInfo) {
    reportClientError(error, info.componentStack);
    window.addEventListener('popstate', this.recover);
  }

  componentWillUnmount() {
    window.removeEventListener('popstate', this.recover);
  }

  private recover = () => {
    window.removeEventListener('popstate', this.recover);
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
