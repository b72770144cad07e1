/**
 * The LIVE Demo's view in its URL (/live-demo?stream=…&customer=…): the stream it plays and its
 * customer, whose logo the header shows (app/shell/header.tsx reads `customer`).
 */
export const LIVE_DEMO_PARAMS = { stream: 'stream', customer: 'customer' } as const;
