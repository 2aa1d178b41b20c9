import { Monitor, Moon, Sun } from 'lucide-react';
import type { TTheme } from '@holdfast/contracts/theme';
import { Button } from '@/components/ui/button';
import { nextTheme, setTheme, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const LABELS: Record<TTheme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** One button through the three choices: light, dark, and the system's setting (the default). */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const Icon = ICONS[theme];
  const next = nextTheme(theme);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('shrink-0', className)}
      onClick={() => setTheme(next)}
      aria-label={`Theme: ${LABELS[theme]}. Switch to ${LABELS[next]}`}
      title={`Theme: ${LABELS[theme]}`}
      data-theme-choice={theme}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
