/**
 * Small texts of the resource screens' building blocks that core's RESOURCE_TEXTS does not hold
 * (table footer, buttons, names for screen readers).
 */
export const KIT_TEXTS = {
  showing: (first: number, last: number, total: number) =>
    `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
  allCapped: (rows: number) => `All shows at most ${rows.toLocaleString('en-US')} rows a page`,
  pageSize: 'Rows per page',
  pagination: 'Pages',
  page: (page: number) => `Page ${page}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  actions: 'Actions',
  /** A row's action menu button (list-row-menu.tsx). */
  actionsFor: (name: string) => `Actions for ${name}`,
  open: 'Open',
  /** The Customer column a main administrator's lists show (whose each row is). */
  customer: 'Customer',
  /** The sort control of the card layout (phone width), where there are no column headers. */
  sortField: 'Sort by',
  sortAscending: 'Ascending',
  sortDescending: 'Descending',
  sortOrderToggle: (order: 'asc' | 'desc') =>
    order === 'asc' ? 'Sorted ascending: sort descending' : 'Sorted descending: sort ascending',
  loading: (plural: string) => `Loading ${plural.toLowerCase()}…`,
  loadingRecord: 'Loading…',
  sortBy: (label: string) => `Sort by ${label}`,
  caption: (plural: string, sortLabel: string, order: 'asc' | 'desc') =>
    `${plural}, sorted by ${sortLabel} ${order === 'asc' ? 'ascending' : 'descending'}`,
  filtersButton: (label: string, count: number) => (count > 0 ? `${label} (${count})` : label),
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteNamed: (label: string, name: string) => `Delete ${label.toLowerCase()} ${name}`,
  edit: 'Edit',
  editNamed: (label: string, name: string) => `Edit ${label.toLowerCase()} ${name}`,
  detailTabs: 'Sections',
  /** A detail page's header (detail-header.tsx, record-header.tsx). */
  more: 'More',
  moreNamed: (name: string) => `More actions for ${name}`,
  /** 'Copy source stream URL', 'Copy ID': the label's first word in lower case unless an acronym. */
  copy: (label: string) =>
    `Copy ${/^[A-Z]{2,}\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1)}`,
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it instead.',
  lastChanged: 'Last changed',
  /** "…by ada@example.com" after the time of the last change. */
  changedBy: 'by',
  id: 'ID',
  playbackUrls: 'Playback URLs',
  playbackUrl: 'Playback URL',
  /** The playback slot until the data plane serves the record. */
  playbackPending: 'Not available yet: playback URLs appear here once streaming is set up.',
  /** An inactive live stream: the data plane answers its players 404. */
  transcodingOffTitle: 'MP4 ads are skipped on this server',
  transcodingOff:
    'Ads answered only as MP4 files need transcoding into HLS, and this server cannot transcode (ffmpeg is not installed, or creative conditioning is off). HLS ads play as usual.',
  playbackInactive: 'None while the stream is inactive: set its status to Active to play it.',
  logs: 'Logs',
  empty: '—',
  yes: 'Yes',
  no: 'No',
  notFoundAction: 'Back to the list',
  /** The question before unsaved changes would be lost (unsaved-changes.tsx). */
  unsavedTitle: 'Discard unsaved changes?',
  unsavedBody: 'You have changes that are not saved yet. If you leave now, they are lost.',
  keepEditing: 'Keep editing',
  discardChanges: 'Discard changes',
  /** A record opened by a user whose team role may only read (a viewer). */
  readOnlyTitle: 'Read only',
  readOnly: 'Your role in the team is Viewer: you can see this record but not change it.',
  readOnlyCreate:
    'Your role in the team is Viewer: you cannot create records. Ask a team owner for the Editor role.',
  close: 'Close',
  backToList: 'Back to the list',
} as const;
