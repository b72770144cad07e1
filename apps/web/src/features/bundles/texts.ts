/**
 * Texts of the bundle screens (/demand) that core does not word (field labels are BUNDLE_LABELS,
 * source types DEMAND_SOURCE_LABELS, the total's rule VALIDATION_MESSAGES.bundlesTotal).
 */
export const BUNDLE_SCREEN_TEXTS = {
  newBundle: 'New bundle',
  updatedAt: 'Last updated',
  total: (total: number) => `Total: ${total}%`,
  sourcesHint: 'Each source takes its percentage of the avails that reach this bundle.',
  addSource: 'Add source',
  /** One row of the sources ('Source 2'), and its remove button ('Remove source 2'). */
  source: (position: number) => `Source ${position}`,
  removeSource: (position: number) => `Remove source ${position}`,
  noSources: 'No demand sources yet.',
  allCampaigns: 'Every active campaign',
  campaignsHint: 'None chosen: every active campaign of the account',
  tagHints: {
    vast: 'A VAST tag; [CACHEBUSTING], [SESSION_ID] and the other macros are filled in per request',
    vmap: 'A VMAP tag; its macros are filled in per request',
    exchange: 'The ad exchange’s tag URL',
  } as Record<string, string>,
  noPod: 'None',
  podHint: 'Optional: the slots and durations the built-in ad server fills',
  nothingFound: 'Nothing found',
  optionsUnavailable:
    'The campaigns or pod templates could not be loaded, so they cannot be chosen right now.',
  /** The list's and the header's summary of the sources: 'VAST tag 30%'. */
  share: (label: string, percentage: number) => `${label} ${percentage}%`,
} as const;
