/**
 * The signed-in screens of spec section 2, each with its title (for the breadcrumb and the
 * document title). Paths are relative to the router's basename /app. Within one parent a static
 * path comes before a parameterised one (/streams-vod/metadata before /streams-vod/:detail), so a
 * first match is the router's match.
 */
/** The one line of the shared pending frame. */
export const PENDING_SCREEN_TEXT = 'This screen is not built yet.';

export interface Screen {
  path: string;
  title: string;
}

/** The screens that are built. */
export const BUILT_SCREENS: readonly Screen[] = [
  { path: '/overview', title: 'Overview' },
  { path: '/streams-live/kibana', title: 'Live Stream Logs' },
  { path: '/streams-live/:detail/kibana', title: 'Live Stream Logs' },
  { path: '/streams-vod/kibana', title: 'VOD Logs' },
  { path: '/streams-vod/:detail/kibana', title: 'VOD Logs' },
  { path: '/streamer-addon/kibana', title: 'Streamer Logs' },
  { path: '/streamer-addon/:detail/kibana', title: 'Streamer Logs' },
  { path: '/streams-ads/kibana', title: 'Stream Ads Logs' },
  { path: '/streams-ads/:detail/kibana', title: 'Stream Ads Logs' },
  { path: '/streams-live', title: 'Live Streams' },
  { path: '/streams-live/:detail', title: 'Live Stream' },
  { path: '/streams-ads', title: 'Stream Ads' },
  { path: '/streams-ads/:detail', title: 'Stream Ads' },
  { path: '/encoder', title: 'Encoder' },
  { path: '/slates', title: 'Slates' },
  { path: '/streams-vod', title: 'VOD' },
  { path: '/streams-vod/metadata', title: 'VOD Metadata' },
  { path: '/streams-vod/:detail', title: 'VOD' },
  { path: '/streamer-addon', title: 'Streamer' },
  { path: '/streamer-addon/:detail', title: 'Streamer' },
];

/**
 * The screens later issues build. Until then each route renders the shared pending frame, so
 * navigation and the guard's rules are complete and testable.
 */
export const PENDING_SCREENS: readonly Screen[] = [
  { path: '/advertisers', title: 'Advertisers' },
  { path: '/alarms', title: 'Alarms' },
  { path: '/billing-history', title: 'Billing History' },
  { path: '/billing-history/billingChart', title: 'Billing Chart' },
  { path: '/campaign-manager/index.deleted', title: 'Deleted Campaigns' },
  { path: '/campaigns', title: 'Campaigns' },
  // Spec section 2: "/cm requires login" (the campaign manager's entry point).
  { path: '/cm', title: 'Campaign Manager' },
  { path: '/configuration', title: 'Configuration' },
  { path: '/create-billing', title: 'Create Billing' },
  { path: '/creatives', title: 'Creatives' },
  { path: '/customer', title: 'Customers' },
  { path: '/demand', title: 'Bundles' },
  { path: '/documentation/cuemana', title: 'API Documentation' },
  { path: '/documentation/cuemana-ui', title: 'API Documentation' },
  { path: '/documentation/cuemana-ui-admin', title: 'Admin API Documentation' },
  { path: '/documentation/cuemana-ui-old', title: 'API Documentation' },
  { path: '/documentation/swagger-ui', title: 'Swagger' },
  { path: '/event-scheduler', title: 'Event Scheduler' },
  { path: '/insights', title: 'Insights' },
  { path: '/inventory', title: 'Inventory' },
  { path: '/knowledge-base', title: 'Knowledge Base' },
  { path: '/live-demo', title: 'LIVE Demo' },
  { path: '/monitoring/:ch_id', title: 'Monitoring' },
  { path: '/notification', title: 'Notification' },
  { path: '/placements', title: 'Placements' },
  { path: '/playout', title: 'Playout' },
  { path: '/pods', title: 'Pods' },
  { path: '/reports', title: 'Reports' },
  { path: '/streams-monitor', title: 'Monitor' },
  { path: '/user', title: 'User' },
];

export const SCREENS: readonly Screen[] = [...BUILT_SCREENS, ...PENDING_SCREENS];
