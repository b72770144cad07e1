/**
 * Texts of the live stream screens that packages/core does not word. Field labels, tab labels and
 * every validation message come from core (LIVE_STREAM_LABELS, LIVE_STREAM_TABS,
 * VALIDATION_MESSAGES, LIVE_STREAM_TEXTS).
 */

/** The datasource form's small texts (hints, list-editor buttons, option captions). */
export const DATASOURCE_TEXTS = {
  streamUrlHint: 'Must end with /',
  timezoneHint: 'Offset from UTC, written +HH:MM or -HH:MM',
  /** Activeness interval: stored for API compatibility, read by nothing (knowledge base: Ad configuration). */
  activenessNotUsed:
    'Not used by this platform: a viewer session lives as long as User liveliness says. Kept so that existing API clients can still send it.',
  bundlesTotal: (total: number) => `Total: ${total}%`,
  addBundle: 'Add bundle',
  addLayout: 'Add layout',
  addToleration: 'Add toleration',
  /** One row of the tolerations list ('Toleration 2'). */
  toleration: 'Toleration',
  /** The accessible name of one row of a list editor: 'Bundle 2'. */
  row: (label: string, position: number) => `${label} ${position}`,
  /** The remove button of one row: 'Remove bundle 2'. */
  removeRow: (label: string, position: number) => `Remove ${label.toLowerCase()} ${position}`,
  noBundles: 'No bundles yet.',
  /** A bundle entry's pick of one of the account's bundles (/demand). */
  demandBundle: 'Demand bundle',
  noBundlePicked: 'No bundle',
  noBundlesFound: 'No bundles found',
  noDemand: 'No bundle picked: this share of the avails gets no ads',
  bundlesManaged: 'Bundles split the avails between campaigns, VAST/VMAP tags and ad exchanges.',
  manageBundles: 'Manage bundles',
  bundlesUnavailable: 'The bundles could not be loaded, so a bundle cannot be picked right now.',
  noLayouts: 'No mid-roll layouts.',
  noTolerations: 'No tolerations.',
  /** Read after a tab's name when one of its fields has an error. */
  tabHasErrors: '(has errors)',
  ipListHint:
    'One IPv4 or IPv6 address or CIDR range (10.0.0.0/8, 2001:db8::/32) per line, or separated by commas',
  /** The pairs reach the stream's ad requests (server edge/playback/ad-request-params.ts). */
  advancedConfigHint:
    'A JSON object of string values, e.g. {"site": "news"}. Each pair reaches the ad requests: as [config.site] in the VAST URL, else added as a query parameter',
  akamaiTokenHint: 'Leave empty for none',
  desiredPodsHint: 'Optional; between Min Pods and Max Pods',
  slatePlaceholder: 'No slate',
  noSlates: 'No slates found',
  statusOptions: { active: 'Active', inactive: 'Inactive' },
  adDecisionOptions: { internal: 'Internal demand', external: 'External VAST/VMAP' },
  redundancyOptions: { DISABLE: 'Disabled', ENABLE: 'Enabled' },
  overlayPositionOptions: { top: 'Top', bottom: 'Bottom' },
  slateFillModeOptions: { loop: 'Loop', once: 'Once' },
} as const;

/** What the live stream screens and their ad configuration view say alike. */
const STREAM_TEXTS = {
  logs: 'Logs',
  updatedAt: 'Updated',
} as const;

/** /streams-live: the streams and their datasource. */
export const STREAMS_LIVE_TEXTS = {
  ...STREAM_TEXTS,
  newStream: 'New live stream',
  slatesUnavailable: 'The slates could not be loaded, so a slate cannot be chosen right now.',
} as const;

/** /streams-ads: the streams' ad configuration. */
export const STREAMS_ADS_TEXTS = {
  ...STREAM_TEXTS,
  title: 'Stream ads',
  /** The column that shows a stream's demand: its VAST/VMAP URL or how many bundles it has. */
  demand: 'Demand',
  bundleCount: (count: number) => (count === 1 ? '1 bundle' : `${count} bundles`),
} as const;
