/**
 * "Skip to content": the first thing a keyboard reaches on every page, hidden until focused. Every page's
 * <main> carries id="main" (app shell, landing, sign-in pages, error screen).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        // Move focus too, not only the scroll position, so the next Tab continues inside the content.
        const main = document.getElementById('main');
        if (!main) return;
        e.preventDefault();
        main.setAttribute('tabindex', '-1');
        main.focus();
      }}
      className="sr-only z-[200] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
