/** Texts of the pod template screens that core does not word (field labels are POD_LABELS). */
export const POD_SCREEN_TEXTS = {
  newPod: 'New pod template',
  updatedAt: 'Last updated',
  podsOff: 'Pod templates are turned off on this server (SHOWPODS=0).',
  sections: { pod: 'Pod', ads: 'Each ad', filling: 'Filling' },
  seconds: 'Seconds',
  slotsHint: 'Ads one pod holds at most',
  minTotalHint: 'Seconds; 0 for no minimum',
  minAdHint: 'Seconds; 0 for no minimum',
  separationHint: 'No two ads of one advertiser in a pod',
  slateHint: 'What the pod cannot fill plays the stream’s slate; off: the content resumes',
  /** The list's duration columns: 'min–max s'. */
  range: (min: number, max: number) => `${min.toLocaleString('en-US')}–${max.toLocaleString('en-US')} s`,
  podDuration: 'Pod duration',
  adDuration: 'Ad duration',
} as const;
