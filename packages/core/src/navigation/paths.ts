/**
 * The console paths that code names besides the sidebar (the route guard's home, the resource
 * screens and their path builders), each declared once here. Separate constants in a module of
 * their own, so that a bundle keeps only those it uses: the sign-in page keeps one, not the
 * sidebar's table. Any other entry's path is read with `entryPath` (navigation.ts).
 */
export const OVERVIEW_PATH = '/overview';
export const LIVE_STREAMS_PATH = '/streams-live';
/** The ad configuration view of a live stream: no entry of its own, the Live entry enables it. */
export const STREAM_ADS_PATH = '/streams-ads';
export const VOD_PATH = '/streams-vod';
export const STREAMER_PATH = '/streamer-addon';
export const SLATES_PATH = '/slates';
export const ENCODER_PATH = '/encoder';
/** Demand (the built-in ad server's resources). */
export const BUNDLES_PATH = '/demand';
export const PODS_PATH = '/pods';
export const PLACEMENTS_PATH = '/placements';
export const CAMPAIGNS_PATH = '/campaigns';
export const ADVERTISERS_PATH = '/advertisers';
export const CREATIVES_PATH = '/creatives';
/** The campaign manager's view of the campaigns (spec: "/cm requires login"). */
export const CAMPAIGN_MANAGER_PATH = '/cm';
/** Deleted campaigns, which can be restored. */
export const DELETED_CAMPAIGNS_PATH = '/campaign-manager/index.deleted';
