/** The streamer screens' paths (relative to the router's basename). */
export const STREAMER_PATHS = {
  list: '/streamer-addon',
  create: '/streamer-addon/new',
  logs: '/streamer-addon/kibana',
  detail: (id: string) => `/streamer-addon/${encodeURIComponent(id)}`,
  detailLogs: (id: string) => `/streamer-addon/${encodeURIComponent(id)}/kibana`,
} as const;
