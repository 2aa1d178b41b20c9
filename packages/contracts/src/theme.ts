/**
 * The colour theme: light, dark, or the system's setting (prefers-color-scheme), chosen on the page and
 * remembered in localStorage. Shared by the web app, which applies it, the build, which puts
 * THEME_INIT_SCRIPT into index.html, and the server, whose Content-Security-Policy allows exactly that
 * script by its hash.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type TTheme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'holdfast.theme';

/**
 * Runs in <head> before the first paint: sets the `dark` class (Tailwind's dark variant) and the
 * color-scheme from the stored choice or the system's, so a dark page never flashes light first.
 * Kept tiny and dependency-free; any change changes its CSP hash too (computed from this text).
 */
export const THEME_INIT_SCRIPT =
  "(function(){try{var t=localStorage.getItem('" +
  THEME_STORAGE_KEY +
  "');var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);" +
  "var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light'}catch(_){}})()";
