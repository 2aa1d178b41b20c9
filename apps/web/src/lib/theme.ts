import * as React from 'react';
import { THEMES, THEME_STORAGE_KEY, type TTheme } from '@holdfast/contracts/theme';

/**
 * The colour theme on the page: the choice (light, dark or system) in localStorage, the `dark` class on
 * <html> (Tailwind's dark variant). index.html's THEME_INIT_SCRIPT sets the class before the first paint;
 * this keeps it right afterwards: on a change of choice, and of the system's setting while on "system".
 */

const listeners = new Set<() => void>();
const systemDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

export function storedTheme(): TTheme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as TTheme) : 'system';
  } catch {
    return 'system';
  }
}

/** Dark or not, for a choice: "system" follows prefers-color-scheme. */
export const isDark = (theme: TTheme, prefersDark: boolean) => theme === 'dark' || (theme === 'system' && prefersDark);

function apply() {
  const dark = isDark(storedTheme(), systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  listeners.forEach((listener) => listener());
}

export function setTheme(theme: TTheme) {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode): the choice then lasts for this page only.
  }
  apply();
}

/** Follows the system's setting (and another tab's choice) from now on; returns the way to stop. */
export function watchTheme(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const onStorage = (e: StorageEvent) => {
    if (e.key === THEME_STORAGE_KEY || e.key === null) apply();
  };
  media?.addEventListener('change', apply);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', apply);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, kept up to date. */
export function useTheme(): TTheme {
  return React.useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storedTheme,
    () => 'system' as const,
  );
}

/** The choice after `theme` when the toggle is pressed: light → dark → system → light. */
export const nextTheme = (theme: TTheme): TTheme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
