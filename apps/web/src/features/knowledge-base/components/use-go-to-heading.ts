import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Scrolls a heading of the page into view (at once when the user prefers less motion). */
export function scrollToHeading(id: string): HTMLElement | null {
  const heading = document.getElementById(id);
  heading?.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
  return heading;
}

/**
 * What a table-of-contents entry or a `#section` link of an article does: scrolls to the heading,
 * moves the focus there (so keyboard and screen reader users continue from it) and keeps it in
 * the URL's hash, the article and search left as they are.
 */
export function useGoToHeading(): (id: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (id: string) => {
      const heading = scrollToHeading(id);
      if (!heading) return;
      heading.focus({ preventScroll: true });
      void navigate({ search, hash: `#${id}` }, { replace: true, preventScrollReset: true });
    },
    [navigate, search],
  );
}
