/**
 * The branded splash of index.html (logo and name, in the stored theme) stays on screen until the
 * first page is ready: the router's first render would otherwise replace it with nothing while the
 * root layout, the session and the profile load. main.tsx keeps the splash's markup before React
 * replaces it, and the root route shows it again as its HydrateFallback. One markup, written once
 * in index.html.
 */
let markup = '';

/** Keeps the splash that index.html put in the root element (main.tsx, before the first render). */
export function keepSplash(root: HTMLElement) {
  markup = root.querySelector('[data-splash]')?.outerHTML ?? '';
}

/** The root route's HydrateFallback: the kept splash, or nothing (tests, no splash). */
export function Splash() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own static index.html markup, no user input
  return markup ? <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: markup }} /> : null;
}
