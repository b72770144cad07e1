/** The one line of the shared pending frame. */
export const PENDING_SCREEN_TEXT = 'This screen is not built yet.';
