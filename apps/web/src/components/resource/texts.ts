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
  empty: '—',
  yes: 'Yes',
  no: 'No',
  notFoundAction: 'Back to the list',
} as const;
