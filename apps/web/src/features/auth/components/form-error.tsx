import { AlertCircle } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** The one message a sign-in form shows when it cannot go on; the fields it is about point at `id`. */
export function FormError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <Alert id={id} variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
