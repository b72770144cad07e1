/** Texts of the placement screens that core does not word (field labels are PLACEMENT_LABELS). */
export const PLACEMENT_SCREEN_TEXTS = {
  newPlacement: 'New placement',
  updatedAt: 'Last updated',
  where: 'Where ads may run',
  limits: 'Breaks',
  whereHint:
    'Leave both empty to run on every live stream and VOD asset of the account; otherwise only on those chosen.',
  noneChosen: 'None chosen',
  nothingFound: 'Nothing found',
  optionsUnavailable: 'The live streams and VOD assets could not be loaded, so none can be chosen right now.',
  seconds: 'Seconds',
  secondsValue: (value: number) => `${value.toLocaleString('en-US')} s`,
  /** The list's coverage column. */
  coverage: 'Runs on',
  everywhere: 'Every stream and asset',
  counts: (streams: number, vods: number) =>
    [
      streams > 0 ? (streams === 1 ? '1 live stream' : `${streams} live streams`) : null,
      vods > 0 ? (vods === 1 ? '1 VOD asset' : `${vods} VOD assets`) : null,
    ]
      .filter(Boolean)
      .join(', '),
} as const;
