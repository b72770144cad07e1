/**
 * Notifications (issue 18, /notification): each user's own notifications (alarms about its
 * account, plan changes, team invites, creative conditioning done or failed) with read/unread, and
 * its preferences: which kinds are also mailed, and to which addresses (none: the user's own
 * email). Paths: API_PATHS.notification (api/paths.ts). Every call is self-service: it reads and
 * writes only the signed-in user's own rows (during login-as, the target's, read-only).
 */
import { z } from 'zod';
import { LIST_MAX_PAGE } from '../resources/list.ts';
import { emailSchema } from '../validation/field-schemas.ts';
import { LIMIT_TEXTS, VALIDATION_MESSAGES } from '../validation/messages.ts';

/** The kinds of notification (the same list as the server's `notifications.kind`). */
export const NOTIFICATION_KINDS = ['alarm', 'plan', 'invite', 'conditioning', 'invoice'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Each kind's name (the console's badges and checkboxes, the mails). */
export const NOTIFICATION_KIND_LABELS = {
  alarm: 'Alarms',
  plan: 'Plan changes',
  invite: 'Team invites',
  conditioning: 'Creative conditioning',
  invoice: 'Invoices',
} as const satisfies Record<NotificationKind, string>;

/** What the list shows: every notification, or only the unread ones. */
export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATION_LIMITS = {
  /** Rows per page: default and largest. */
  pageSize: { default: 20, max: 100 },
  /** Addresses a user may have its notifications mailed to. */
  emails: 5,
  /** Longest stored title, body and link (producers cut longer texts). */
  title: 200,
  body: 2000,
  link: 500,
} as const;

export const NOTIFICATION_TEXTS = {
  filter: `filter accepts one of ${NOTIFICATION_FILTERS.join(', ')}`,
  page: `page must be a whole number from 1 to ${LIST_MAX_PAGE}`,
  pageSize: `pageSize accepts a whole number from 1 to ${NOTIFICATION_LIMITS.pageSize.max}`,
  read: 'read accepts true or false',
  mailKind: `Each kind is one of ${NOTIFICATION_KINDS.join(', ')}`,
  notFound: 'Notification not found',
  /** A main administrator acting as a user sees its notifications but changes nothing. */
  readOnly: 'Notifications are read-only while you act as another user',
} as const;

const pageQuery = (message: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(1, { error: message, abort: true })
    .max(max, { error: message })
    .default(fallback);

/** `GET notification/notifications`: newest first, `filter` all (default) or unread, paged. */
export const notificationListQuerySchema = z.strictObject({
  filter: z.enum(NOTIFICATION_FILTERS, { error: NOTIFICATION_TEXTS.filter }).default('all'),
  page: pageQuery(NOTIFICATION_TEXTS.page, LIST_MAX_PAGE, 1),
  pageSize: pageQuery(
    NOTIFICATION_TEXTS.pageSize,
    NOTIFICATION_LIMITS.pageSize.max,
    NOTIFICATION_LIMITS.pageSize.default,
  ),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A console path (below /app) the notification leads to, when there is one. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When it was marked read; null while unread. */
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type UserNotification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  /** Rows matching the filter (all pages). */
  total: z.number().int().nonnegative(),
  /** The user's unread notifications, whatever the filter. */
  unread: z.number().int().nonnegative(),
  /** True during login-as: the administrator sees the user's notifications but changes nothing. */
  readOnly: z.boolean(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** `GET notification/unread-count`: the sidebar's badge. */
export const notificationUnreadResponseSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationUnreadResponse = z.infer<typeof notificationUnreadResponseSchema>;

/** `PUT notification/notifications/:id/read`: mark one read (true) or unread (false). */
export const notificationReadBodySchema = z.strictObject({
  read: z.boolean({ error: NOTIFICATION_TEXTS.read }),
});
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;

/** `POST notification/notifications/read-all`: how many were marked read. */
export const notificationReadAllResponseSchema = z.object({
  updated: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationReadAllResponse = z.infer<typeof notificationReadAllResponseSchema>;

/**
 * `PUT notification/preferences`: the kinds mailed (a subset of the kinds) and the addresses
 * (each checked, 'Invalid email' named by its place, e.g. `emails.1`; at most
 * NOTIFICATION_LIMITS.emails). No address: the user's own email. Duplicates are stored once.
 */
export const notificationPreferencesBodySchema = z.strictObject({
  mailKinds: z
    .array(z.enum(NOTIFICATION_KINDS, { error: NOTIFICATION_TEXTS.mailKind }), {
      error: NOTIFICATION_TEXTS.mailKind,
    })
    .max(NOTIFICATION_KINDS.length, { error: LIMIT_TEXTS.tooMany(NOTIFICATION_KINDS.length) }),
  emails: z
    .array(emailSchema, { error: VALIDATION_MESSAGES.invalidEmail })
    .max(NOTIFICATION_LIMITS.emails, { error: LIMIT_TEXTS.tooMany(NOTIFICATION_LIMITS.emails) }),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

export const notificationPreferencesSchema = z.object({
  mailKinds: z.array(z.enum(NOTIFICATION_KINDS)),
  emails: z.array(z.string()),
  /** The address mailed when `emails` is empty: the user's own. */
  accountEmail: z.string(),
  /** True during login-as (see notificationListResponseSchema). */
  readOnly: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
