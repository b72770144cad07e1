/**
 * The main administrator's Customers screen (sidebar entry `customers`): every customer account,
 * one account's record, its payment customer id and notes, refusing a sign-up (approving one is
 * `customer/approve/:id`, index.ts), and activating or de-activating an account. Every call is
 * behind the sidebar entry (main administrator only, so refused during login-as too); every write
 * locks the row, runs in one transaction and leaves an audit entry.
 */
import {
  ADMIN_CUSTOMER_TEXTS,
  API_PATHS,
  type CustomerListQuery,
  type CustomerRecord,
  type CustomerStatus,
  conflictResponseSchema,
  customerAdminEditSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerRecordSchema,
  customerRejectSchema,
  errorResponseSchema,
  idParamsSchema,
  type PaymentPlan,
  routePattern,
} from '@cuepoint/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { requireNavigationEntry } from '../../lib/navigation-access.ts';
import { conflict, notFound } from '../../lib/request-problem.ts';
import { customerHasMainAdmin } from '../../repositories/account-members.ts';
import {
  type CustomerListRow,
  findCustomerAccount,
  listCustomerAccounts,
  listCustomerUsers,
  markRejected,
  reactivateCustomer,
} from '../../repositories/admin-customers.ts';
import { deactivateCustomer, lockCustomer, updateCustomer } from '../../repositories/customers.ts';
import { insights } from '../../repositories/demand-reports.ts';
import { countResources } from '../../repositories/resources.ts';
import { revokeCustomerSessions } from '../../repositories/sessions.ts';
import { auditRequest } from '../../services/audit.ts';
import { DEACTIVATION_TEXTS } from '../auth/deactivation.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const listItemOf = (row: CustomerListRow) => ({
  _id: row.customer.id,
  name: row.customer.name,
  subDomainName: row.customer.subDomainName,
  paymentPlan: row.customer.paymentPlan as PaymentPlan,
  status: row.status as CustomerStatus,
  owner: row.ownerId && row.ownerEmail ? { _id: row.ownerId, email: row.ownerEmail } : null,
  users: row.users,
  createdAt: row.customer.createdAt.toISOString(),
  reviewedAt: iso(row.customer.reviewedAt),
  deactivatedAt: iso(row.customer.deactivatedAt),
});

/** The first day of the month of `now` and `now`'s day, as UTC `YYYY-MM-DD`. */
const monthSoFar = (now: Date) => {
  const day = now.toISOString().slice(0, 10);
  return { from: `${day.slice(0, 8)}01`, to: day };
};

/** One account's whole record: the list's fields, the administrator's, its users and usage. */
async function customerRecord(db: DbOrTx, id: string, now = new Date()): Promise<CustomerRecord> {
  const row = await findCustomerAccount(db, id);
  if (!row) throw notFound(ADMIN_CUSTOMER_TEXTS.notFound);
  const [userList, counts, month] = [
    await listCustomerUsers(db, id),
    await countResources(db, id),
    await insights(db, { ...monthSoFar(now), groupBy: 'day', customerId: id }),
  ];
  return {
    ...listItemOf(row),
    paymentCustomerId: row.customer.paymentCustomerId,
    adminNote: row.customer.adminNote,
    userNote: row.customer.userNote,
    version: row.customer.version,
    userList: userList.map(({ id: userId, ...user }) => ({ _id: userId, ...user })),
    usage: {
      liveStreams: counts.liveStream,
      vods: counts.vod,
      campaigns: counts.campaign,
      impressionsThisMonth: month.totals.impressions,
    },
  };
}

export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireNavigationEntry('customers', app.runtimeConfig, ADMIN_CUSTOMER_TEXTS.onlyAdmin);
  const common = { tags: ['customer'], security: [{ bearer: [] }] };

  /** The audit entry of an administrator's write (the administrator is never acting as anyone). */
  const audit = (
    tx: DbOrTx,
    request: FastifyRequest,
    action: string,
    id: string,
    details?: Record<string, unknown>,
  ) => auditRequest(tx, request, { action, customerId: id, target: id, ...(details ? { details } : {}) });

  /** Locks the account's row (inside `tx`); 404 when there is none. */
  const locked = async (tx: DbOrTx, id: string) => {
    const row = await lockCustomer(tx, id);
    if (!row) throw notFound(ADMIN_CUSTOMER_TEXTS.notFound);
    return row;
  };

  app.get(
    routePattern(API_PATHS.customer.list),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: every customer account, searched (name, sub-domain, first user’s email), filtered by status and plan, sorted and paged',
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listCustomerAccounts(app.db, request.query as CustomerListQuery);
      return { data: rows.map(listItemOf), total };
    },
  );

  app.get(
    routePattern(API_PATHS.customer.record),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: one customer account with its payment customer id, notes, users and usage (live streams, VOD assets, campaigns, impressions this month)',
        params: idParamsSchema,
        response: { 200: customerRecordSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => customerRecord(app.db, request.params.id),
  );

  app.post(
    routePattern(API_PATHS.customer.record),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: change an account’s payment customer id, admin note or user note (each note at most 3000 characters), naming the version read',
        params: idParamsSchema,
        body: customerAdminEditSchema,
        response: {
          200: customerRecordSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: conflictResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...fields } = request.body;
      return app.db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (row.version !== version) {
          throw conflict(ADMIN_CUSTOMER_TEXTS.staleVersion, { currentVersion: row.version });
        }
        // An empty payment customer id is none; a field left out, or unchanged, is not written.
        const wanted = {
          paymentCustomerId:
            fields.paymentCustomerId === undefined ? undefined : fields.paymentCustomerId || null,
          adminNote: fields.adminNote,
          userNote: fields.userNote,
        };
        const changes = Object.fromEntries(
          Object.entries(wanted).filter(
            ([name, value]) => value !== undefined && value !== row[name as keyof typeof wanted],
          ),
        );
        if (Object.keys(changes).length > 0) {
          await updateCustomer(tx, id, changes);
          await audit(tx, request, 'customer.admin-edit', id, { fields: Object.keys(changes).sort() });
        }
        return customerRecord(tx, id);
      });
    },
  );

  app.post(
    routePattern(API_PATHS.customer.reject),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: refuse a sign-up awaiting review; the account is de-activated and the reason mailed to its users',
        params: idParamsSchema,
        body: customerRejectSchema,
        response: {
          200: customerRecordSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason } = request.body;
      const record = await app.db.transaction(async (tx) => {
        await locked(tx, id);
        const now = new Date();
        if (!(await markRejected(tx, id, now))) throw conflict(ADMIN_CUSTOMER_TEXTS.notPending);
        await deactivateCustomer(tx, id, now);
        await revokeCustomerSessions(tx, id, now);
        await audit(tx, request, 'customer.reject', id, { reason });
        const result = await customerRecord(tx, id, now);
        // Last, still inside the transaction: a mail that cannot be sent leaves the sign-up
        // awaiting review, so the refusal can be made again.
        for (const user of result.userList) {
          await app.mailer.send({
            to: user.email,
            subject: ADMIN_CUSTOMER_TEXTS.rejectSubject,
            text: ADMIN_CUSTOMER_TEXTS.rejectText(user.firstName, reason),
            links: [],
          });
        }
        return result;
      });
      app.sessionCache?.deleteCustomer(id);
      return record;
    },
  );

  app.post(
    routePattern(API_PATHS.customer.activate),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: activate a de-activated account (its users are approved and may sign in again)',
        params: idParamsSchema,
        response: {
          200: customerRecordSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { record, userIds } = await app.db.transaction(async (tx) => {
        await locked(tx, id);
        const now = new Date();
        const approved = await reactivateCustomer(tx, id, now);
        if (!approved) throw conflict(ADMIN_CUSTOMER_TEXTS.notDeactivated);
        await audit(tx, request, 'customer.activate', id);
        return { record: await customerRecord(tx, id, now), userIds: approved };
      });
      for (const userId of userIds) app.sessionCache?.deleteUser(userId);
      return record;
    },
  );

  app.post(
    routePattern(API_PATHS.customer.deactivate),
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'Main administrator: de-activate an account as its own de-activation does (sets deactivated_at, ends its API token and every session of its users); its data is kept',
        params: idParamsSchema,
        response: {
          200: customerRecordSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const record = await app.db.transaction(async (tx) => {
        await locked(tx, id);
        if (await customerHasMainAdmin(tx, id)) throw conflict(DEACTIVATION_TEXTS.adminAccount);
        const now = new Date();
        if (!(await deactivateCustomer(tx, id, now))) throw conflict(ADMIN_CUSTOMER_TEXTS.alreadyDeactivated);
        const userIds = await revokeCustomerSessions(tx, id, now);
        await audit(tx, request, 'customer.deactivate', id, { revokedSessionsOfUsers: userIds.length });
        return customerRecord(tx, id, now);
      });
      app.sessionCache?.deleteCustomer(id);
      return record;
    },
  );
};
