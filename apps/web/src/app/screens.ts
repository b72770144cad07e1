/**
 * The signed-in screens of spec section 2, declared once: each screen's path (relative to the
 * router's basename /app), its title (the breadcrumb, the document title, and the heading of a
 * screen that shows none of its own), its route module, the sidebar entry that leads to it and,
 * for a record's screen, the record's kind.
 * The routes (session-routes.ts), the breadcrumbs and the e2e suite read this table. Every
 * route of spec section 2 has its screen (the last ones, Reports and billing, since issue 19).
 *
 * Paths are written nowhere else: a sidebar target's path is its navigation entry's (core), and a
 * resource's screens take theirs from the feature's path builders (`resourcePaths`), which the
 * screens themselves link with. Within one parent a static path comes before a parameterised one
 * (/streams-vod/metadata before /streams-vod/:detail), so a first match is the router's match.
 *
 * Plain data, with the modules named rather than imported: the e2e suite reads this file too.
 */
import { entryLabel, entryPath, type ResourceKind } from '@cuepoint/core';
import { ADVERTISER_PATHS } from '../features/advertisers/paths.ts';
import { BUNDLE_PATHS } from '../features/bundles/paths.ts';
import { CAMPAIGN_PATHS } from '../features/campaigns/paths.ts';
import { CREATIVE_PATHS } from '../features/creatives/paths.ts';
import { CUSTOMER_PATHS } from '../features/customers/paths.ts';
import { ENCODER_PATHS } from '../features/encoders/paths.ts';
import { ADS_PATHS, LIVE_PATHS } from '../features/live-streams/paths.ts';
import { PLACEMENT_PATHS } from '../features/placements/paths.ts';
import { POD_PATHS } from '../features/pods/paths.ts';
import { SLATE_PATHS } from '../features/slates/paths.ts';
import { STREAMER_PATHS } from '../features/streamer/paths.ts';
import { VOD_PATHS } from '../features/vod/paths.ts';

/** A lazy route module under src/features/, without its extension ('vod/routes/vod-list'). */
export type RouteModule = `${string}/routes/${string}`;

interface ScreenFields {
  title: string;
  /** The route module (it exports `Component`). */
  module: RouteModule;
  /** The sidebar entry (core's navigation) whose target this screen is. */
  sidebar?: string;
  /** A record's screen: the kind its `:detail` names (the breadcrumb shows the record's name). */
  record?: ResourceKind;
  /**
   * Where one path holds two screens, the title a user who is not a main administrator sees
   * (/billing-history: the customer's Billing).
   */
  customerTitle?: string;
}

/** A row of the table: its path, or the sidebar entry whose path it is. */
type ScreenRow = ScreenFields & ({ path: string } | { sidebar: string });

export interface Screen extends ScreenFields {
  /** The table's key: how code and tests name a screen. */
  id: ScreenId;
  path: string;
}

const LOG_VIEWER: RouteModule = 'logs/routes/log-viewer';

/** The log viewer's two screens of a section (Kibana-style routes): every record's events, or one's. */
const logScreens = <Id extends string>(
  id: Id,
  paths: { logs: string; routes: { detailLogs: string } },
  title: string,
) =>
  ({
    [`${id}Logs`]: { path: paths.logs, title, module: LOG_VIEWER },
    [`${id}DetailLogs`]: { path: paths.routes.detailLogs, title, module: LOG_VIEWER },
  }) as Record<`${Id}Logs` | `${Id}DetailLogs`, ScreenRow>;

const SCREEN_TABLE = {
  overview: { sidebar: 'overview', title: 'Overview', module: 'overview/routes/overview' },
  // The log viewer: one module for all eight routes.
  ...logScreens('liveStream', LIVE_PATHS, 'Live Stream Logs'),
  ...logScreens('vod', VOD_PATHS, 'VOD Logs'),
  ...logScreens('streamer', STREAMER_PATHS, 'Streamer Logs'),
  ...logScreens('streamAds', ADS_PATHS, 'Stream Ads Logs'),
  // Live streams and their ad configuration (the datasource form).
  liveStreams: { sidebar: 'streams-live', title: 'Live Streams', module: 'live-streams/routes/streams-live' },
  liveStream: {
    path: LIVE_PATHS.routes.detail,
    title: 'Live Stream',
    module: 'live-streams/routes/live-stream-detail',
    record: 'liveStream',
  },
  streamAds: { path: ADS_PATHS.list, title: 'Stream Ads', module: 'live-streams/routes/streams-ads' },
  streamAdsDetail: {
    path: ADS_PATHS.routes.detail,
    title: 'Stream Ads',
    module: 'live-streams/routes/stream-ads-detail',
    record: 'liveStream',
  },
  // Encoders and slates: each list's records open (and are created) on a page of their own.
  encoders: { sidebar: 'encoder', title: 'Encoder', module: 'encoders/routes/encoders' },
  encoder: {
    path: ENCODER_PATHS.routes.detail,
    title: 'Encoder',
    module: 'encoders/routes/encoder-detail',
    record: 'encoder',
  },
  slates: { sidebar: 'slates', title: 'Slates', module: 'slates/routes/slates' },
  slate: {
    path: SLATE_PATHS.routes.detail,
    title: 'Slate',
    module: 'slates/routes/slate-detail',
    record: 'slate',
  },
  // VOD assets (list, metadata view, detail) and streamer channels.
  vods: { sidebar: 'streams-vod', title: 'VOD', module: 'vod/routes/vod-list' },
  vodMetadata: { path: VOD_PATHS.metadata, title: 'VOD Metadata', module: 'vod/routes/vod-metadata' },
  vod: { path: VOD_PATHS.routes.detail, title: 'VOD', module: 'vod/routes/vod-detail', record: 'vod' },
  streamers: { sidebar: 'streamer-addon', title: 'Streamer', module: 'streamer/routes/streamer-list' },
  streamer: {
    path: STREAMER_PATHS.routes.detail,
    title: 'Streamer',
    module: 'streamer/routes/streamer-detail',
    record: 'streamer',
  },

  // Operations: what the data plane does, seen and steered (monitoring, alarms, scheduling, playout).
  monitor: { sidebar: 'streams-monitor', title: 'Monitor', module: 'monitoring/routes/streams-monitor' },
  monitoring: { path: '/monitoring/:ch_id', title: 'Monitoring', module: 'monitoring/routes/monitoring' },
  alarms: { sidebar: 'alarms', title: 'Alarms', module: 'alarms/routes/alarms' },
  eventScheduler: {
    sidebar: 'event-scheduler',
    title: 'Event Scheduler',
    module: 'event-scheduler/routes/event-scheduler',
  },
  liveDemo: { sidebar: 'live-demo', title: 'LIVE Demo', module: 'live-demo/routes/live-demo' },
  playout: { sidebar: 'playout', title: 'Playout', module: 'playout/routes/playout' },

  // Demand: bundles (/demand), pod templates, placements and advertisers, each a list whose
  // records open (and are created) on a page of their own.
  bundles: { sidebar: 'bundles', title: 'Bundles', module: 'bundles/routes/bundles' },
  bundle: {
    path: BUNDLE_PATHS.routes.detail,
    title: 'Bundle',
    module: 'bundles/routes/bundle-detail',
    record: 'bundle',
  },
  pods: { sidebar: 'pods', title: 'Pods', module: 'pods/routes/pods' },
  pod: { path: POD_PATHS.routes.detail, title: 'Pod', module: 'pods/routes/pod-detail', record: 'pod' },
  placements: { sidebar: 'placements', title: 'Placements', module: 'placements/routes/placements' },
  placement: {
    path: PLACEMENT_PATHS.routes.detail,
    title: 'Placement',
    module: 'placements/routes/placement-detail',
    record: 'placement',
  },
  advertisers: { sidebar: 'advertisers', title: 'Advertisers', module: 'advertisers/routes/advertisers' },
  advertiser: {
    path: ADVERTISER_PATHS.routes.detail,
    title: 'Advertiser',
    module: 'advertisers/routes/advertiser-detail',
    record: 'advertiser',
  },
  // Campaigns: the list and a campaign's page, the campaign manager (spec section 2: "/cm
  // requires login"; core's navigation enables it with Campaigns) and the trash; creatives.
  campaigns: { sidebar: 'campaigns', title: 'Campaigns', module: 'campaigns/routes/campaigns' },
  campaign: {
    path: CAMPAIGN_PATHS.routes.detail,
    title: 'Campaign',
    module: 'campaigns/routes/campaign-detail',
    record: 'campaign',
  },
  campaignManager: {
    path: CAMPAIGN_PATHS.manager,
    title: 'Campaign Manager',
    module: 'campaigns/routes/campaign-manager',
  },
  deletedCampaigns: {
    path: CAMPAIGN_PATHS.deleted,
    title: 'Deleted Campaigns',
    module: 'campaigns/routes/deleted-campaigns',
  },
  creatives: { sidebar: 'creatives', title: 'Creatives', module: 'creatives/routes/creatives' },
  creative: {
    path: CREATIVE_PATHS.routes.detail,
    title: 'Creative',
    module: 'creatives/routes/creative-detail',
    record: 'creative',
  },

  // Demand reports (Insights: main administrator), the knowledge base and the API documentation.
  apiDocumentation: {
    path: '/documentation/cuemana',
    title: 'API Documentation',
    module: 'api-docs/routes/documentation-index',
  },
  apiDocumentationNew: {
    sidebar: 'docs-new',
    title: 'API Documentation',
    module: 'api-docs/routes/api-guide',
  },
  apiDocumentationAdmin: {
    sidebar: 'docs-admin',
    title: 'Admin API Documentation',
    module: 'api-docs/routes/admin-api-guide',
  },
  apiDocumentationOld: {
    sidebar: 'docs-old',
    title: 'API Documentation',
    module: 'api-docs/routes/api-reference',
  },
  swagger: { sidebar: 'docs-swagger', title: 'Swagger', module: 'api-docs/routes/swagger-explorer' },
  insights: { sidebar: 'insights', title: 'Insights', module: 'demand-reports/routes/insights' },
  inventory: { sidebar: 'inventory', title: 'Inventory', module: 'demand-reports/routes/inventory' },
  knowledgeBase: {
    sidebar: 'knowledge-base',
    title: 'Knowledge Base',
    module: 'knowledge-base/routes/knowledge-base',
  },

  // Customers (main administrator): every account, and one account's page.
  customers: { sidebar: 'customers', title: 'Customers', module: 'customers/routes/customers' },
  customer: {
    path: CUSTOMER_PATHS.routes.detail,
    title: 'Customer',
    module: 'customers/routes/customer-detail',
  },

  // Every user's own notifications and mail preferences.
  notification: {
    sidebar: 'notification',
    title: 'Notification',
    module: 'notifications/routes/notifications',
  },

  // The customer's team and its roles (issue 18).
  user: { sidebar: 'user', title: 'User', module: 'team/routes/team' },

  // Billing (issue 19): the administrator's history and revenue chart, and (same path) the
  // customer's Billing; creating an invoice.
  billingHistory: {
    sidebar: 'billing-history',
    title: 'Billing History',
    customerTitle: entryLabel('billing'),
    module: 'billing/routes/billing-history',
  },
  billingChart: {
    path: `${entryPath('billing-history')}/billingChart`,
    title: 'Billing Chart',
    module: 'billing/routes/billing-chart',
  },
  configuration: {
    sidebar: 'configuration',
    title: 'Configuration',
    module: 'configuration/routes/configuration',
  },
  createBilling: {
    sidebar: 'create-billing',
    title: 'Create Billing',
    module: 'billing/routes/create-billing',
  },
  reports: { sidebar: 'reports', title: 'Reports', module: 'reports/routes/reports' },
} satisfies Record<string, ScreenRow>;

export type ScreenId = keyof typeof SCREEN_TABLE;

/** Every signed-in screen, in the table's order. */
export const SCREENS: readonly Screen[] = Object.entries(SCREEN_TABLE).map(
  ([id, row]: [string, ScreenRow]) => ({
    ...row,
    id: id as ScreenId,
    path: 'path' in row ? row.path : entryPath(row.sidebar),
  }),
);

/**
 * The screen a console path (below /app; a query or hash is ignored) shows, or undefined for a
 * path of no signed-in screen (a public page, an unknown path): how tests check that a link
 * leads somewhere real.
 */
export function screenAt(to: string): Screen | undefined {
  const pathname = to.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const segments = pathname.split('/');
  return SCREENS.find((s) => {
    const pattern = s.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}
