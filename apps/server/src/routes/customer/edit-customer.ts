import type { PaymentPlan } from '@cuepoint/core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { fieldProblem, fieldProblems, notFound } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { StorageQuotaExceeded } from '../../repositories/blobs.ts';
import {
  type CustomerChanges,
  type CustomerRow,
  customDomainTaken,
  lockCustomer,
  updateCustomer,
} from '../../repositories/customers.ts';
import { recordPlanChange } from '../../repositories/plan-changes.ts';
import { listCustomerUserIds } from '../../repositories/users.ts';
import { auditRequest } from '../../services/audit.ts';
import {
  mailAfterReply,
  NOTHING_NOTIFIED,
  type Notified,
  notifyPlanChange,
} from '../../services/notifications.ts';
import { deleteFiles, type FileLedger, storeAccountFiles } from './account-files.ts';
import {
  type AccountInput,
  checkAccountInput,
  EDIT_CUSTOMER_MESSAGES,
  type EditCustomerValues,
  planAccountEdit,
} from './account-rules.ts';
import { UPLOAD_MESSAGES, type Uploads } from './uploads.ts';

export interface EditCustomerRequest {
  id: string;
  values: EditCustomerValues;
  uploads: Uploads;
  auth: AuthContext;
  requestId: string;
  ip: string;
}

const domainTaken = () => fieldProblem('customDomainName', EDIT_CUSTOMER_MESSAGES.domainTaken, 409);

/**
 * PUT /customer/editCustomer/{id}: checks every field and file (account-rules.ts), then, in one
 * transaction on the locked customer row, applies the account rules (plan, custom domain), stores
 * the new files (account-files.ts) and updates the row with an audit entry. Any refusal or
 * failure leaves the row as it was and deletes the files this request stored; the files the edit
 * replaced are deleted after commit. Throws a RequestProblem naming the fields for every refusal.
 */
export async function editCustomerAccount(
  app: FastifyInstance,
  request: EditCustomerRequest,
): Promise<CustomerRow> {
  const { uploads, auth } = request;
  if (uploads.problems.length > 0) throw fieldProblems(uploads.problems, uploads.tooLarge ? 413 : 400);
  const input: AccountInput = { values: request.values, files: uploads.files };

  // 1. What can be checked without the stored account.
  const checked = checkAccountInput(input);
  if (!checked.ok) throw fieldProblems(checked.problems);

  // 2. The rules that depend on the account, the files and the row, all in one transaction.
  const ledger: FileLedger = { written: [], replaced: [] };
  let updated: CustomerRow;
  let notified: Notified;
  try {
    ({ row: updated, notified } = await app.db.transaction(async (tx) => {
      const current = await lockCustomer(tx, request.id);
      if (!current) throw notFound(EDIT_CUSTOMER_MESSAGES.notFound);
      const planned = planAccountEdit(current, input, checked.value, auth.user);
      if (!planned.ok) throw fieldProblems(planned.problems);
      const plan = planned.value;
      if (plan.newDomain !== null && (await customDomainTaken(tx, plan.newDomain, current.id))) {
        throw domainTaken();
      }
      // Files last: nothing is stored for a refused edit.
      const files = await storeAccountFiles(app, tx, current, plan, ledger);
      return saveEdit(tx, current, { ...plan.changes, ...files }, request);
    }));
  } catch (err) {
    await deleteFiles(app, ledger.written);
    if (isUniqueViolation(err)) throw domainTaken();
    if (err instanceof StorageQuotaExceeded) {
      const field = uploads.files.keys().next().value ?? 'logo';
      throw fieldProblem(field, UPLOAD_MESSAGES.quota(err.quotaBytes), 413);
    }
    throw err;
  }

  // 3. After commit: the replaced files go, and cached sessions drop the old account; the plan
  // change's mails go after the answer.
  mailAfterReply(app, notified);
  await deleteFiles(app, ledger.replaced, 'could not delete a replaced file');
  if (app.sessionCache) {
    for (const userId of await listCustomerUserIds(app.db, updated.id)) app.sessionCache.deleteUser(userId);
  }
  return updated;
}

/**
 * Writes the changes with their audit entry (and the plan change with its notifications, mailed
 * after commit); no changes, no write.
 */
async function saveEdit(
  tx: DbOrTx,
  current: CustomerRow,
  changes: CustomerChanges,
  request: EditCustomerRequest,
): Promise<{ row: CustomerRow; notified: Notified }> {
  const { auth } = request;
  const changed = Object.keys(changes);
  if (changed.length === 0) return { row: current, notified: NOTHING_NOTIFIED };
  const row = await updateCustomer(tx, current.id, changes);
  await auditRequest(
    tx,
    { auth, id: request.requestId, ip: request.ip },
    {
      action: 'customer.edit',
      customerId: current.id,
      target: current.id,
      details: {
        changed: changed.filter((key) => key !== 'apiTokenHash' && key !== 'apiTokenSealed'),
        ...(changes.paymentPlan
          ? { paymentPlan: { from: current.paymentPlan, to: changes.paymentPlan } }
          : {}),
      },
    },
  );
  // A plan change is billed from its own record: who, when, from and to; the users are told.
  let notified = NOTHING_NOTIFIED;
  if (changes.paymentPlan) {
    await recordPlanChange(tx, {
      customerId: current.id,
      fromPlan: current.paymentPlan,
      toPlan: changes.paymentPlan,
      changedBy: auth.signedInAdmin?.id ?? auth.user.id,
      actingAs: auth.user.id,
    });
    notified = await notifyPlanChange(tx, {
      customerId: current.id,
      fromPlan: current.paymentPlan as PaymentPlan,
      toPlan: changes.paymentPlan as PaymentPlan,
      byEmail: (auth.signedInAdmin ?? auth.user).email,
    });
  }
  return { row: row!, notified };
}
