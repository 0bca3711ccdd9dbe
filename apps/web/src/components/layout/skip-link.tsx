import type { MouseEvent } from 'react';

/** The id of every page's main content, which the skip link moves focus to. */
export const MAIN_CONTENT_ID = 'main';

/**
 * 'Skip to content': the first focusable element of a page, shown when focused, that moves keyboard focus past the
 * header to the page's `<main id="main" tabIndex={-1}>` (WCAG 2.2 success criterion 2.4.1, Bypass Blocks). Focus is
 * moved by hand rather than by following `#main`, which would only move the caret start in some browsers and
 * would put a hash in the address that the router then treats as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only z-50 rounded-md bg-ink px-3 py-2 text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
