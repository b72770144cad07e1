import { createContext, useContext } from 'react';

/**
 * Whether a console path (below /app, a query allowed) leads to a screen that is not built yet,
 * which shows the pending frame. The answer comes from the screen table (app/screens.ts), which
 * features may not import: the signed-in layout provides it, and what a page would link to such
 * a screen is shown as text instead (components/screen-link.tsx). Outside that layout (a page
 * rendered alone) nothing counts as pending.
 */
export type IsPendingPath = (to: string) => boolean;

export const PendingScreensContext = createContext<IsPendingPath>(() => false);

export const useIsPendingPath = (): IsPendingPath => useContext(PendingScreensContext);
