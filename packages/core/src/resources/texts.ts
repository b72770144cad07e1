/**
 * Texts of the resource screens and calls that the spec does not word (it says "not shown"):
 * chosen once here, used by the server's answers, the console and the tests.
 */
export const RESOURCE_TEXTS = {
  notFound: (label: string) => `${label} not found`,
  staleVersion: (label: string) =>
    `This ${label.toLowerCase()} was changed by someone else since you opened it. Reload it to see their changes, then edit again.`,
  duplicateName: (label: string) => `A ${label.toLowerCase()} with this name already exists`,
  inUse: (label: string, users: readonly { kind: string; name: string }[]) =>
    `This ${label.toLowerCase()} is in use by ${users.map((u) => `${u.kind} '${u.name}'`).join(', ')}`,
  unknownReference: (label: string) => `No ${label.toLowerCase()} of this account has this id`,
  customerNotAllowed: 'Only a main administrator may choose the customer',
  unknownCustomer: 'No customer has this id',
  created: (label: string) => `${label} created`,
  updated: (label: string) => `${label} updated`,
  deleted: (label: string) => `${label} deleted`,
  /** A record of a restorable kind taken back out of the trash. */
  restored: (label: string) => `${label} restored`,
  /** A delete's confirm dialog names the record ("Delete live stream 'News 24'?"). */
  deleteTitle: (label: string, name?: string) =>
    name === undefined ? `Delete ${label.toLowerCase()}` : `Delete ${label.toLowerCase()} '${name}'?`,
  deleteConfirm: (label: string, name: string) =>
    `Delete the ${label.toLowerCase()} '${name}'? This cannot be undone.`,
  reload: 'Reload',
  conflictTitle: 'Changed by someone else',
  emptyList: (plural: string) => `No ${plural.toLowerCase()} yet`,
  noMatch: 'Nothing matches these filters',
  loadFailed: 'Could not load this list. Check your connection and try again.',
  retry: 'Try again',
  searchPlaceholder: 'Search',
  filters: 'Filters',
  clearFilters: 'Clear filters',
} as const;
