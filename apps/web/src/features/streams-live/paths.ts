/** The live stream screens' paths (relative to the router's basename). */
export const LIVE_PATHS = {
  list: '/streams-live',
  create: '/streams-live/new',
  logs: '/streams-live/kibana',
  detail: (id: string) => `/streams-live/${encodeURIComponent(id)}`,
  detailLogs: (id: string) => `/streams-live/${encodeURIComponent(id)}/kibana`,
  ads: (id: string) => `/streams-ads/${encodeURIComponent(id)}`,
} as const;
