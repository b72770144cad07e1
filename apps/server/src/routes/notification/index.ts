/**
 * The signed-in user's notifications and mail preferences (/notification, issue 18). Every call
 * is self-service: whatever the user's role, it reads and writes only the user's own rows; another
 * user's notification is a 404, whichever customer it belongs to.
 *
 * Login-as: the main administrator sees the target user's notifications and preferences (what the
 * user would see, to help it), but changes nothing: marking read or unread and saving preferences
 * answer 409 with NOTIFICATION_TEXTS.readOnly (the answers carry `readOnly`, so the console
 * disables those controls). An API token acts as its user like a session.
 */
import {
  API_PATHS,
  errorResponseSchema,
  idParamsSchema,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationKind,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationReadAllResponseSchema,
  notificationReadBodySchema,
  notificationSchema,
  notificationUnreadResponseSchema,
  routePattern,
  type UserNotification,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, notFound } from '../../lib/request-problem.ts';
import {
  countUnread,
  findNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  type NotificationRow,
  saveNotificationPreferences,
  setNotificationRead,
} from '../../repositories/notifications.ts';
import { auditRequest } from '../../services/audit.ts';

const toDto = (row: NotificationRow): UserNotification => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The user whose notifications these are (the target during login-as). */
const ownerOf = (request: FastifyRequest) => request.auth!.user;
const readOnlyOf = (request: FastifyRequest) => request.auth!.signedInAdmin !== null;

/** Refuses a write during login-as (inside nothing: before any transaction). */
const refuseWhileActing = (request: FastifyRequest) => {
  if (readOnlyOf(request)) throw conflict(NOTIFICATION_TEXTS.readOnly, { showMessage: true });
};

const kindsInOrder = (kinds: readonly NotificationKind[]) =>
  NOTIFICATION_KINDS.filter((k) => kinds.includes(k));

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { tags: ['notification'], security: [{ bearer: [] }] };

  app.get(
    routePattern(API_PATHS.notification.list),
    {
      schema: {
        ...common,
        summary:
          'The signed-in user’s notifications, newest first, paged (page, pageSize up to 100), all or only unread (filter), with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = ownerOf(request).id;
      const { rows, total } = await listNotifications(app.db, userId, request.query);
      return {
        data: rows.map(toDto),
        total,
        unread: await countUnread(app.db, userId),
        readOnly: readOnlyOf(request),
      };
    },
  );

  app.get(
    routePattern(API_PATHS.notification.unreadCount),
    {
      schema: {
        ...common,
        summary: 'How many of the signed-in user’s notifications are unread (the sidebar’s badge)',
        response: { 200: notificationUnreadResponseSchema },
      },
    },
    async (request) => ({ unread: await countUnread(app.db, ownerOf(request).id) }),
  );

  app.put(
    routePattern(API_PATHS.notification.read),
    {
      schema: {
        ...common,
        summary: 'Mark one of the signed-in user’s notifications read (read: true) or unread (read: false)',
        params: idParamsSchema,
        body: notificationReadBodySchema,
        response: {
          200: notificationSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      refuseWhileActing(request);
      const userId = ownerOf(request).id;
      const row = await app.db.transaction((tx) =>
        setNotificationRead(tx, userId, request.params.id, request.body.read),
      );
      if (!row) throw notFound(NOTIFICATION_TEXTS.notFound);
      return toDto(row);
    },
  );

  app.post(
    routePattern(API_PATHS.notification.readAll),
    {
      schema: {
        ...common,
        summary: 'Mark every unread notification of the signed-in user read; answers how many',
        response: { 200: notificationReadAllResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      refuseWhileActing(request);
      const userId = ownerOf(request).id;
      const updated = await app.db.transaction((tx) => markAllNotificationsRead(tx, userId));
      return { updated, unread: 0 };
    },
  );

  app.get(
    routePattern(API_PATHS.notification.preferences),
    {
      schema: {
        ...common,
        summary:
          'The signed-in user’s mail preferences: the kinds mailed and the addresses (none: the account’s own email)',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      const user = ownerOf(request);
      const row = await findNotificationPreferences(app.db, user.id);
      return {
        mailKinds: kindsInOrder((row?.mailKinds ?? []) as NotificationKind[]),
        emails: row?.emails ?? [],
        accountEmail: user.email,
        readOnly: readOnlyOf(request),
      };
    },
  );

  app.put(
    routePattern(API_PATHS.notification.preferences),
    {
      schema: {
        ...common,
        summary: `Save the signed-in user’s mail preferences: mailKinds (a subset of ${NOTIFICATION_KINDS.join(', ')}) and emails (each a valid address, at most 5; none: the account’s own email)`,
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      refuseWhileActing(request);
      const user = ownerOf(request);
      const mailKinds = kindsInOrder(request.body.mailKinds);
      // Addresses are compared and stored lower-cased, each once.
      const emails = [...new Set(request.body.emails.map((e) => e.trim().toLowerCase()))];
      const row = await app.db.transaction(async (tx) => {
        const saved = await saveNotificationPreferences(tx, user.id, { mailKinds, emails });
        await auditRequest(tx, request, {
          action: 'notification.preferences',
          customerId: user.customerId,
          target: user.id,
          details: { mailKinds, emails: emails.length },
        });
        return saved;
      });
      return {
        mailKinds: kindsInOrder(row.mailKinds as NotificationKind[]),
        emails: row.emails,
        accountEmail: user.email,
        readOnly: false,
      };
    },
  );
};
