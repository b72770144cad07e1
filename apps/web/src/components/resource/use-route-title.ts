import { useMatches } from 'react-router';

/** The title of the deepest matched route (its `handle.title`, the screen's title of app/screens.ts). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  return (matches.at(-1)?.handle as { title?: string } | undefined)?.title;
}
