/**
 * Texts of the log viewer (the Kibana-style routes of spec section 2). The spec shows nothing of
 * these screens; the resource pattern's own texts (retry, search) come from RESOURCE_TEXTS.
 */
export const LOG_TEXTS = {
  timeRange: 'Time range',
  from: 'From',
  to: 'To',
  level: 'Level',
  anyLevel: 'Any level',
  search: 'Search events',
  searchPlaceholder: 'Message, resource or user',
  liveTail: 'Live tail',
  liveTailHint: 'New events appear at the top as they happen',
  liveTailEndsInPast: 'Live tail needs a time range that ends now',
  refresh: 'Refresh',
  caption: 'Events, newest first',
  time: 'Time',
  resource: 'Resource',
  action: 'Action',
  message: 'Message',
  who: 'Who',
  system: 'System',
  asAdmin: (email: string) => `as admin ${email}`,
  showChanges: 'Show changes',
  hideChanges: 'Hide changes',
  changedFields: 'Changed fields',
  changedTo: 'changed to',
  noValue: '(empty)',
  empty: 'No events in this time range',
  emptyHint: 'Choose a longer time range or clear the level and search.',
  pastLastPage: 'No events on this page',
  firstPage: 'First page',
  loading: 'Loading events',
  loadFailed: 'The events could not be loaded',
  rowsPerPage: 'Rows per page',
  pagination: 'Event pages',
  pageItem: (page: number) => `Page ${page}`,
  pageControl: (control: 'first' | 'previous' | 'next' | 'last') =>
    `${control[0]!.toUpperCase()}${control.slice(1)} page`,
  total: (shown: string, capped: boolean) =>
    `${shown}${capped ? '+' : ''} ${shown === '1' && !capped ? 'event' : 'events'}`,
  shortSearch: (searched: string) =>
    `Searched the newest ${searched} events only: type three letters or digits in a row to search them all.`,
  newEvents: (n: number) => (n === 1 ? '1 new event' : `${n} new events`),
  tailFailed: 'Live tail could not reach the server; trying again.',
  badFromTo: 'From must be before To',
  invalidResource: 'This address does not name a resource, so it has no events.',
  backToList: 'Back to the list',
  backToResource: (name: string) => `Back to ${name}`,
  theResource: 'the resource',
  eventsOf: (name: string) => `Events of ${name}`,
} as const;

/** The quick time ranges of the toolbar, with how far back each reaches (null: no limit). */
export const TIME_RANGES = [
  { value: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { value: '1h', label: 'Last hour', ms: 60 * 60_000 },
  { value: '24h', label: 'Last 24 hours', ms: 24 * 60 * 60_000 },
  { value: '7d', label: 'Last 7 days', ms: 7 * 24 * 60 * 60_000 },
  { value: '30d', label: 'Last 30 days', ms: 30 * 24 * 60 * 60_000 },
  { value: 'all', label: 'All time', ms: null },
  { value: 'custom', label: 'Custom', ms: null },
] as const;
