/** Texts of the live stream screens that core does not hold (labels come from LIVE_STREAM_LABELS). */
export const STREAMS_LIVE_TEXTS = {
  newStream: 'New live stream',
  logs: 'Logs',
  updatedAt: 'Updated',
  /** The detail screen's sections. */
  configuration: 'Configuration',
  ads: 'Ads',
  sections: 'Live stream sections',
  slatesUnavailable: 'The slates could not be loaded, so a slate cannot be chosen right now.',
} as const;
