/**
 * The Notification screen's own texts. The kinds' names (NOTIFICATION_KIND_LABELS), the address
 * rule's message (VALIDATION_MESSAGES.invalidEmail, 'Invalid email') and the server's refusals
 * (NOTIFICATION_TEXTS) come from @cuepoint/core.
 */
export const NOTIFICATION_SCREEN_TEXTS = {
  title: 'Notification',
  tabs: { notifications: 'Notifications', preferences: 'Preferences' },
  filterLabel: 'Show',
  filters: { all: 'All', unread: 'Unread' },
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  markUnread: 'Mark unread',
  markReadOf: (title: string) => `Mark “${title}” read`,
  markUnreadOf: (title: string) => `Mark “${title}” unread`,
  open: 'Open',
  openOf: (title: string) => `Open “${title}”`,
  openAccount: 'My Account',
  unread: 'Unread',
  unreadCount: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  allMarkedRead: (n: number) => (n === 1 ? '1 notification marked read' : `${n} notifications marked read`),
  loading: 'Loading notifications…',
  failed: 'Could not load your notifications.',
  empty: 'No notifications yet',
  emptyUnread: 'No unread notifications',
  listLabel: 'Your notifications',
  readOnly: 'You are acting as this user: its notifications and preferences are shown read-only.',
  previous: 'Newer',
  next: 'Older',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  // Preferences.
  preferencesLoading: 'Loading your preferences…',
  preferencesFailed: 'Could not load your preferences.',
  mailKindsLabel: 'Also send me an email for',
  mailKindsDescription: 'Every notification is listed here; the kinds you tick are also mailed.',
  emailsLabel: 'Send the emails to',
  emailsDescription: (accountEmail: string, max: number) =>
    `Up to ${max} addresses; none: your account’s address (${accountEmail}). Press Enter or a comma after each.`,
  emailsPlaceholder: 'name@example.com',
  invalidAddress: (message: string) => `(${message})`,
  save: 'Save preferences',
  saved: 'Notification preferences saved',
} as const;
