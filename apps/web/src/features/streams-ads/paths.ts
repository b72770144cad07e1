/** The stream ads screens' paths (relative to the router's basename). */
export const ADS_PATHS = {
  list: '/streams-ads',
  logs: '/streams-ads/kibana',
  detail: (id: string) => `/streams-ads/${encodeURIComponent(id)}`,
  /** The stream's other sections live under /streams-live. */
  configuration: (id: string) => `/streams-live/${encodeURIComponent(id)}`,
  detailLogs: (id: string) => `/streams-live/${encodeURIComponent(id)}/kibana`,
} as const;
