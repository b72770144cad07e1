/**
 * Users' notifications and their mail preferences (issue 18). Every read and write of a user's
 * notifications names the user: a row of another user is never found (the route answers 404).
 */
import type { NotificationFilter, NotificationKind } from '@cuepoint/core';
import { and, asc, count, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  creatives,
  liveStreams,
  type NotificationPreferencesRow,
  type NotificationRow,
  notificationPreferences,
  notifications,
  users,
  vodAssets,
} from '../db/schema/index.ts';

export type { NotificationPreferencesRow, NotificationRow };

export interface NewNotification {
  userId: string;
  customerId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

export async function insertNotifications(
  db: DbOrTx,
  rows: readonly NewNotification[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .returning();
}

const ownedBy = (userId: string, filter: NotificationFilter) =>
  and(eq(notifications.userId, userId), filter === 'unread' ? isNull(notifications.readAt) : undefined);

/** One page of a user's notifications, newest first (ties by id, so pages are stable). */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  params: { filter: NotificationFilter; page: number; pageSize: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = ownedBy(userId, params.filter);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(ownedBy(userId, 'unread'));
  return row?.n ?? 0;
}

/**
 * Marks one of the user's notifications read (keeping the first time it was read) or unread;
 * undefined when the user has no such notification.
 */
export async function setNotificationRead(
  db: DbOrTx,
  userId: string,
  id: string,
  read: boolean,
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ownedBy(userId, 'unread'))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findNotificationPreferences(
  db: DbOrTx,
  userId: string,
): Promise<NotificationPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row;
}

export async function saveNotificationPreferences(
  db: DbOrTx,
  userId: string,
  values: { mailKinds: string[]; emails: string[] },
): Promise<NotificationPreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

/** A user who is sent a customer's notifications, with what it wants mailed. */
export interface NotificationRecipient {
  userId: string;
  email: string;
  firstName: string;
  mailKinds: string[];
  emails: string[];
}

/**
 * The users a customer's notification goes to: every one not de-activated (only the owners with
 * `onlyOwners`; none of `exceptUserIds`), in sign-up order, with their mail preferences.
 */
export async function notificationRecipients(
  db: DbOrTx,
  customerId: string,
  options: { onlyOwners?: boolean | undefined; exceptUserIds?: readonly string[] | undefined } = {},
): Promise<NotificationRecipient[]> {
  const except = options.exceptUserIds ?? [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      mailKinds: sql<string[]>`coalesce(${notificationPreferences.mailKinds}, '[]'::jsonb)`,
      emails: sql<string[]>`coalesce(${notificationPreferences.emails}, '[]'::jsonb)`,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(users.customerId, customerId),
        isNull(users.deactivatedAt),
        options.onlyOwners ? eq(users.role, 'owner') : undefined,
        except.length > 0 ? notInArray(users.id, [...except]) : undefined,
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Where a stream or VOD asset's page is: 'live' or 'vod' per id found (alarm links). */
export async function streamKinds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, 'live' | 'vod'>> {
  const found = new Map<string, 'live' | 'vod'>();
  if (ids.length === 0) return found;
  for (const [kind, table] of [
    ['live', liveStreams],
    ['vod', vodAssets],
  ] as const) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...ids]));
    for (const row of rows) found.set(row.id, kind);
  }
  return found;
}

/** The live (not deleted) creatives whose video is `videoUrl`, any customer's. */
export async function creativesWithVideo(
  db: DbOrTx,
  videoUrl: string,
): Promise<{ id: string; customerId: string; name: string }[]> {
  return db
    .select({
      id: creatives.id,
      customerId: creatives.customerId,
      name: sql<string>`coalesce(${creatives.data} ->> 'name', '')`,
    })
    .from(creatives)
    .where(and(sql`${creatives.data} ->> 'videoUrl' = ${videoUrl}`, isNull(creatives.deletedAt)))
    .orderBy(asc(creatives.createdAt));
}
