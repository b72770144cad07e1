/**
 * Notifications (issue 18): one row per user of a customer, and a mail for the users who chose to
 * have that kind mailed (to their chosen addresses, or their own email when they chose none).
 *
 * The stable entry point is `notifyCustomer(tx, input)`: call it inside the transaction that makes
 * the event true (so a rolled-back write notifies no one). It only inserts rows and answers what to
 * mail; mail after commit, never inside the transaction:
 *
 *   const notified = await app.db.transaction(async (tx) => {
 *     // ... the write ...
 *     return notifyCustomer(tx, { customerId, kind: 'invite', title: 'Ann joined the team' });
 *   });
 *   mailAfterReply(app, notified);             // in a route: after the answer
 *   await mailNotifications(app, notified);    // in background work (never throws)
 *
 * The producers wired into the code: `notifyAlarms` (alarms/evaluator.ts and POST alarm/alarms),
 * `notifyPlanChange` (routes/customer/edit-customer.ts), `notifyConditioning` (the Conditioner,
 * conditioning/plugin.ts).
 */
import {
  CREATIVES_PATH,
  LIVE_STREAMS_PATH,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_LIMITS,
  type NotificationKind,
  type PaymentPlan,
  UUID_PATTERN,
  VOD_PATH,
} from '@cuepoint/core';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import type { AlarmRow } from '../db/schema/index.ts';
import type { Mailer } from '../lib/mailer.ts';
import {
  creativesWithVideo,
  insertNotifications,
  type NotificationRow,
  notificationRecipients,
  streamKinds,
} from '../repositories/notifications.ts';

export interface NotifyInput {
  customerId: string;
  kind: NotificationKind;
  title: string;
  body?: string | undefined;
  /** A console path below /app (e.g. /creatives/<id>); mailed as an absolute link. */
  link?: string | null | undefined;
  /** Only the customer's owners (users.role 'owner'). */
  onlyOwners?: boolean | undefined;
  /** Users not to notify (e.g. the one whose action it is). */
  exceptUserIds?: readonly string[] | undefined;
}

/** A mail owed for a notification: sent after commit by `mailNotifications`. */
export interface PendingMail {
  to: string;
  firstName: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
}

export interface Notified {
  notifications: NotificationRow[];
  mails: PendingMail[];
}

export const NOTHING_NOTIFIED: Notified = Object.freeze({ notifications: [], mails: [] }) as Notified;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Notifies every active user of a customer (de-activated users skipped): inserts one row each and
 * answers the mails owed to those who want this kind mailed. Call inside the transaction.
 */
export async function notifyCustomer(db: DbOrTx, input: NotifyInput): Promise<Notified> {
  const recipients = await notificationRecipients(db, input.customerId, input);
  const title = cut(input.title.trim() || NOTIFICATION_KIND_LABELS[input.kind], NOTIFICATION_LIMITS.title);
  const body = cut(input.body ?? '', NOTIFICATION_LIMITS.body);
  const link = input.link ? input.link.slice(0, NOTIFICATION_LIMITS.link) : null;
  const rows = await insertNotifications(
    db,
    recipients.map((r) => ({
      userId: r.userId,
      customerId: input.customerId,
      kind: input.kind,
      title,
      body,
      link,
    })),
  );
  const mails: PendingMail[] = [];
  for (const r of recipients) {
    if (!r.mailKinds.includes(input.kind)) continue;
    const addresses = r.emails.length > 0 ? r.emails : [r.email];
    for (const to of new Set(addresses))
      mails.push({ to, firstName: r.firstName, kind: input.kind, title, body, link });
  }
  return { notifications: rows, mails };
}

/** Several results as one (a producer that notified several customers). */
export const mergeNotified = (list: readonly Notified[]): Notified => ({
  notifications: list.flatMap((n) => n.notifications),
  mails: list.flatMap((n) => n.mails),
});

/** What mailing needs of the app (FastifyInstance has it all). */
export interface NotificationMailer {
  mailer: Mailer;
  consoleLink: (path: string, query: Record<string, string>) => string;
  log: FastifyBaseLogger;
}

/** The mail of a notification: its title, body and link, and where to change the preferences. */
export function notificationMail(app: Pick<NotificationMailer, 'consoleLink'>, mail: PendingMail) {
  const link = mail.link ? app.consoleLink(mail.link, {}) : null;
  const preferences = app.consoleLink('/notification', {});
  const lines = [
    `Hello ${mail.firstName},`,
    '',
    mail.title,
    ...(mail.body ? ['', mail.body] : []),
    ...(link ? ['', `Open it in Cuepoint: ${link}`] : []),
    '',
    `You receive this mail because you chose to have ${NOTIFICATION_KIND_LABELS[mail.kind].toLowerCase()} mailed to you. Change it in your notification preferences: ${preferences}`,
    '',
  ];
  return {
    to: mail.to,
    subject: `Cuepoint: ${mail.title}`,
    text: lines.join('\n'),
    links: link ? [link, preferences] : [preferences],
  };
}

/** Sends the mails owed (after commit). A failed mail is logged; this never throws. */
export async function mailNotifications(
  app: NotificationMailer,
  notified: Notified | readonly Notified[],
): Promise<void> {
  const mails = Array.isArray(notified)
    ? (notified as readonly Notified[]).flatMap((n) => n.mails)
    : (notified as Notified).mails;
  for (const mail of mails) {
    await app.mailer
      .send(notificationMail(app, mail))
      .catch((err: unknown) => app.log.error({ err, kind: mail.kind }, 'notification mail failed'));
  }
}

/** In a route: the mails go after the answer (the transaction has committed by then). */
export function mailAfterReply(
  app: NotificationMailer & { afterReply: (label: string, task: () => Promise<unknown>) => void },
  notified: Notified,
): void {
  if (notified.mails.length === 0) return;
  app.afterReply('notification mail', () => mailNotifications(app, notified));
}

// ---- Producers --------------------------------------------------------------------------------

/**
 * Raised alarms about a customer's streams: a notification to each of that customer's users,
 * leading to the stream's page (or VOD asset's). Platform alarms (no customer) notify no one here:
 * main administrators see every alarm in the alarm bell and on /alarms, and the critical ones are
 * mailed to them already (alarms/plugin.ts).
 */
export async function notifyAlarms(db: DbOrTx, alarms: readonly AlarmRow[]): Promise<Notified> {
  const concerning = alarms.filter((a): a is AlarmRow & { customerId: string } => a.customerId !== null);
  if (concerning.length === 0) return NOTHING_NOTIFIED;
  const kinds = await streamKinds(
    db,
    concerning.flatMap((a) => (a.moduleObjectId && isUuid(a.moduleObjectId) ? [a.moduleObjectId] : [])),
  );
  const results: Notified[] = [];
  for (const alarm of concerning) {
    const kind = alarm.moduleObjectId ? kinds.get(alarm.moduleObjectId) : undefined;
    const link = kind
      ? `${kind === 'live' ? LIVE_STREAMS_PATH : VOD_PATH}/${encodeURIComponent(alarm.moduleObjectId!)}`
      : null;
    results.push(
      await notifyCustomer(db, {
        customerId: alarm.customerId,
        kind: 'alarm',
        title: `${alarm.severity}: ${alarm.name}`,
        body: alarm.message,
        link,
      }),
    );
  }
  return mergeNotified(results);
}

const isUuid = (value: string) => UUID_PATTERN.test(value);

const PLAN_NAMES: Record<PaymentPlan, string> = { standard: 'Standard', enterprise: 'Enterprise' };

/** A customer's payment plan changed: every user of it is told, with who changed it. */
export function notifyPlanChange(
  db: DbOrTx,
  change: { customerId: string; fromPlan: PaymentPlan; toPlan: PaymentPlan; byEmail: string },
): Promise<Notified> {
  return notifyCustomer(db, {
    customerId: change.customerId,
    kind: 'plan',
    title: `Your plan is now ${PLAN_NAMES[change.toPlan]}`,
    body: `The account's payment plan was changed from ${PLAN_NAMES[change.fromPlan]} to ${PLAN_NAMES[change.toPlan]} by ${change.byEmail}.`,
    link: null,
  });
}

/**
 * A creative's video finished conditioning (ready) or failed for good: the users of each customer
 * with a live creative of that video are told, leading to the creative's page.
 */
export async function notifyConditioning(
  db: DbOrTx,
  outcome: { sourceUrl: string; status: 'ready' | 'failed'; reason?: string | null | undefined },
): Promise<Notified> {
  const found = await creativesWithVideo(db, outcome.sourceUrl);
  const results: Notified[] = [];
  for (const creative of found) {
    const name = creative.name || 'A creative';
    results.push(
      await notifyCustomer(db, {
        customerId: creative.customerId,
        kind: 'conditioning',
        title: outcome.status === 'ready' ? `${name} is ready to play` : `${name} could not be conditioned`,
        body:
          outcome.status === 'ready'
            ? 'Its video was conditioned into HLS; its ads are stitched from now on.'
            : `Its video could not be conditioned into HLS, so its ads are skipped: ${outcome.reason ?? 'unknown reason'}.`,
        link: `${CREATIVES_PATH}/${encodeURIComponent(creative.id)}`,
      }),
    );
  }
  return mergeNotified(results);
}
