/** The VOD screens' paths (relative to the router's basename). */
export const VOD_PATHS = {
  list: '/streams-vod',
  create: '/streams-vod/new',
  metadata: '/streams-vod/metadata',
  logs: '/streams-vod/kibana',
  detail: (id: string) => `/streams-vod/${encodeURIComponent(id)}`,
  detailLogs: (id: string) => `/streams-vod/${encodeURIComponent(id)}/kibana`,
} as const;
