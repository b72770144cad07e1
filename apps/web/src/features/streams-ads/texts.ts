/** Texts of the stream ads screens that core does not hold (labels come from LIVE_STREAM_LABELS). */
export const STREAMS_ADS_TEXTS = {
  title: 'Stream ads',
  logs: 'Logs',
  /** The column that shows a stream's demand: its VAST/VMAP URL or how many bundles it has. */
  demand: 'Demand',
  updatedAt: 'Updated',
  bundleCount: (count: number) => (count === 1 ? '1 bundle' : `${count} bundles`),
  /** The detail screen's sections. */
  configuration: 'Configuration',
  ads: 'Ads',
  sections: 'Live stream sections',
} as const;
