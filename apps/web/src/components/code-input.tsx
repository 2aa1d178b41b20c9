import * as React from 'react';
import { TWO_FACTOR_CODE_LENGTH } from '@holdfast/contracts/constants';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/**
 * A one-time code field: six digits (non-digits dropped as typed), or a backup code when `backup`.
 * The phone's keyboard shows digits and the browser may fill a texted code itself.
 */
export const CodeInput = React.forwardRef<
  HTMLInputElement,
  Omit<React.ComponentProps<typeof Input>, 'onChange' | 'value'> & {
    value: string;
    onValueChange: (value: string) => void;
    backup?: boolean;
  }
>(function CodeInput({ value, onValueChange, backup = false, className, ...props }, ref) {
  return (
    <Input
      ref={ref}
      autoComplete="one-time-code"
      inputMode={backup ? 'text' : 'numeric'}
      maxLength={backup ? 11 : TWO_FACTOR_CODE_LENGTH}
      placeholder={backup ? 'xxxxx-xxxxx' : '000000'}
      className={cn('text-center font-mono text-lg tracking-[0.3em]', className)}
      value={value}
      onChange={(e) => onValueChange(backup ? e.target.value.trim() : e.target.value.replace(/\D/g, ''))}
      {...props}
    />
  );
});
