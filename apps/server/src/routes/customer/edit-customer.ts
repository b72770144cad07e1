import {
  ACCOUNT_FIELD_LABELS,
  type editCustomerFieldsSchema,
  FILE_FIELD_LABELS,
  fieldRequiredMessage,
  fileExtension,
  type LogoAspect,
  logoAspectOf,
  planFeatureKeys,
  planHasFeature,
  validateLogoDimensions,
} from '@cuepoint/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type CustomerRow, customers, type NewCustomerRow, users } from '../../db/schema/index.ts';
import {
  type BlobNamespace,
  contentTypeOf,
  parseStoredFileRef,
  safeFileName,
  storedFileRef,
} from '../../lib/blob-store.ts';
import { checkCertificatePair } from '../../lib/certificate.ts';
import { IMAGE_TYPE_EXTENSIONS, type ImageType, imageSize } from '../../lib/image-size.ts';
import { type FieldProblem, RequestProblem } from '../../lib/request-problem.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { recordAudit } from '../../repositories/audit-log.ts';
import { recordBlob, StorageQuotaExceeded } from '../../repositories/blobs.ts';
import { recordPlanChange } from '../../repositories/plan-changes.ts';
import { FILE_FIELDS, type FileField, UPLOAD_MESSAGES, type UploadedFile, type Uploads } from './uploads.ts';

export type EditCustomerValues = z.output<typeof editCustomerFieldsSchema>;

/** Largest logo side accepted, in pixels: far above any logo, well below what strains a browser. */
export const LOGO_MAX_SIDE = 10_000;

const TYPE_NAMES: Record<ImageType, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF' };
const listExtensions = (extensions: readonly string[]) =>
  extensions.length === 1
    ? extensions[0]!
    : `${extensions.slice(0, -1).join(', ')} or ${extensions[extensions.length - 1]}`;

export const EDIT_CUSTOMER_MESSAGES = {
  forbidden: 'You may only edit your own customer account',
  notFound: 'Customer not found',
  wrongExtension: (field: FileField) =>
    `${FILE_FIELDS[field].label} must be a ${listExtensions(FILE_FIELDS[field].extensions)} file`,
  notAnImage: (field: FileField, type: ImageType) =>
    `${FILE_FIELDS[field].label} is not a valid ${TYPE_NAMES[type]} image`,
  tooManyPixels: (field: FileField) =>
    `${FILE_FIELDS[field].label} must be at most ${LOGO_MAX_SIDE} X ${LOGO_MAX_SIDE} pixels`,
  downgrade:
    'Moving from the Enterprise plan to Standard ends a minimum commitment: please contact Cuepoint support',
  domainLocked: 'The custom domain cannot be turned off once it has been saved',
  domainRenamed: 'The custom domain name cannot be changed once it has been saved',
  domainInvalid: 'Custom domain name must be a host name such as video.example.com',
  domainTaken: 'This custom domain is already used by another account',
  domainOffForFile: (field: FileField) =>
    `Turn on the custom domain to upload its ${FILE_FIELDS[field].label.toLowerCase()}`,
  cdnDomainProtocol: 'Enter the CDN domain without http:// or https:// (the protocol is chosen separately)',
  cdnDomainInvalid: 'CDN domain must be a host name such as cdn.example.com',
} as const;

// ---- Checks that need nothing stored -------------------------------------------------------

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+${LABEL}$`);

/** A lower-case DNS host name of at least two labels whose last label is not a number (no IP address). */
export const isHostName = (value: string): boolean =>
  HOST_NAME.test(value) && !/^\d+$/.test(value.slice(value.lastIndexOf('.') + 1));

/** The CDN domain to store: null to clear it, a host name with an optional port, else a problem. */
function checkCdnDomain(value: string): { value: string | null } | { problem: string } {
  if (value === '') return { value: null };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return { problem: EDIT_CUSTOMER_MESSAGES.cdnDomainProtocol };
  const host = value.toLowerCase().replace(/\.$/, '');
  const port = /:(\d{1,5})$/.exec(host);
  const name = port ? host.slice(0, port.index) : host;
  if (!isHostName(name) || (port && Number(port[1]) > 65_535)) {
    return { problem: EDIT_CUSTOMER_MESSAGES.cdnDomainInvalid };
  }
  return { value: host };
}

interface CheckedImage {
  field: 'logo' | 'loginLogo';
  file: UploadedFile;
  /** The extension of the real type, which the stored file is served by. */
  ext: string;
  aspect: LogoAspect;
}

const TYPE_OF_EXTENSION: Record<string, ImageType> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.gif': 'gif',
};

/** A logo: an accepted extension, bytes of that very type, at least 260 X 220 pixels. */
function checkImage(field: 'logo' | 'loginLogo', file: UploadedFile): CheckedImage | FieldProblem {
  const ext = fileExtension(file.filename);
  const allowed = FILE_FIELDS[field].extensions as readonly string[];
  const expected = TYPE_OF_EXTENSION[ext];
  if (!allowed.includes(ext) || !expected)
    return { field, message: EDIT_CUSTOMER_MESSAGES.wrongExtension(field) };
  const info = imageSize(file.data);
  if (!info || info.type !== expected)
    return { field, message: EDIT_CUSTOMER_MESSAGES.notAnImage(field, expected) };
  const tooSmall = validateLogoDimensions(info.width, info.height);
  if (tooSmall !== null) return { field, message: tooSmall };
  if (info.width > LOGO_MAX_SIDE || info.height > LOGO_MAX_SIDE) {
    return { field, message: EDIT_CUSTOMER_MESSAGES.tooManyPixels(field) };
  }
  return {
    field,
    file,
    ext: IMAGE_TYPE_EXTENSIONS[info.type][0]!,
    aspect: logoAspectOf(info.width, info.height),
  };
}

const isProblem = (value: CheckedImage | FieldProblem): value is FieldProblem => 'message' in value;

// ---- The edit ------------------------------------------------------------------------------

export interface EditCustomerRequest {
  id: string;
  values: EditCustomerValues;
  uploads: Uploads;
  auth: AuthContext;
  requestId: string;
  ip: string;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (err: unknown) =>
  ((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) ===
  UNIQUE_VIOLATION;

interface BlobRef {
  ns: BlobNamespace;
  key: string;
}

/**
 * PUT /customer/editCustomer/{id}: checks every field and file, then, in one transaction on the
 * locked customer row, applies the account rules (plan, custom domain), stores the new files and
 * updates the row with an audit entry. Any refusal or failure leaves the row as it was and
 * deletes the files this request stored; the files the edit replaced are deleted after commit.
 * Throws a RequestProblem naming the fields for every refusal.
 */
export async function editCustomerAccount(
  app: FastifyInstance,
  request: EditCustomerRequest,
): Promise<CustomerRow> {
  const { values, uploads, auth } = request;
  if (uploads.problems.length > 0) throw new RequestProblem(uploads.tooLarge ? 413 : 400, uploads.problems);
  const files = uploads.files;

  // 1. What can be checked without the stored account.
  const problems: FieldProblem[] = [];
  const images: CheckedImage[] = [];
  for (const field of ['logo', 'loginLogo'] as const) {
    const file = files.get(field);
    if (!file) continue;
    const checked = checkImage(field, file);
    if (isProblem(checked)) problems.push(checked);
    else images.push(checked);
  }
  if (values.uploadLogo === true && !files.has('logo')) {
    problems.push({ field: 'logo', message: fieldRequiredMessage(FILE_FIELD_LABELS.logo) });
  }
  for (const field of ['certificate', 'privateKey'] as const) {
    const file = files.get(field);
    const allowed = FILE_FIELDS[field].extensions as readonly string[];
    if (file && !allowed.includes(fileExtension(file.filename))) {
      problems.push({ field, message: EDIT_CUSTOMER_MESSAGES.wrongExtension(field) });
    }
  }
  const domainName = values.customDomainName === '' ? undefined : values.customDomainName;
  if (values.addCustomDomain === true && domainName !== undefined && !isHostName(domainName)) {
    problems.push({ field: 'customDomainName', message: EDIT_CUSTOMER_MESSAGES.domainInvalid });
  }
  let cdnDomain: string | null | undefined;
  if (values.cdnDomain !== undefined) {
    const checked = checkCdnDomain(values.cdnDomain);
    if ('problem' in checked) problems.push({ field: 'cdnDomain', message: checked.problem });
    else cdnDomain = checked.value;
  }
  if (problems.length > 0) throw new RequestProblem(400, problems);

  // 2. The rules that depend on the account, the files and the row, all in one transaction.
  const written: BlobRef[] = [];
  const replaced: BlobRef[] = [];
  let updated: CustomerRow;
  try {
    updated = await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(customers).where(eq(customers.id, request.id)).for('update');
      if (!current) throw new RequestProblem(404, [], EDIT_CUSTOMER_MESSAGES.notFound);
      const set: Partial<NewCustomerRow> = {};

      if (values.paymentPlan !== undefined && values.paymentPlan !== current.paymentPlan) {
        // Upgrading is the console's upgrade path; leaving Enterprise ends a commitment (support only).
        // A 400 naming the field, not a 403: the console ends the session on 403 (spec section 8).
        if (current.paymentPlan === 'enterprise' && !auth.user.isMainAdmin) {
          throw new RequestProblem(400, [
            { field: 'paymentPlan', message: EDIT_CUSTOMER_MESSAGES.downgrade },
          ]);
        }
        set.paymentPlan = values.paymentPlan;
        // API access is an Enterprise feature: a plan without it ends API access and its token.
        if (!planHasFeature(values.paymentPlan, planFeatureKeys.enhancedApi)) {
          Object.assign(set, { enableApi: false, apiTokenHash: null, apiTokenSealed: null });
        }
      }
      if (values.timezone !== undefined) set.timezone = values.timezone;
      if (values.cdnProtocol !== undefined) set.cdnProtocol = values.cdnProtocol;
      if (cdnDomain !== undefined) set.cdnDomain = cdnDomain;

      // Custom domain (spec section 4): once saved it stays on and keeps its name; its certificate
      // may be replaced (renewal). Turning it on needs a name, a certificate and its key.
      const locked = current.customDomainName !== null;
      const certificateChanged =
        values.isCertificateModified === true || files.has('certificate') || files.has('privateKey');
      let certificateHost: string | null = null;
      let needsCertificate = false;
      if (locked) {
        if (values.addCustomDomain === false) {
          problems.push({ field: 'addCustomDomain', message: EDIT_CUSTOMER_MESSAGES.domainLocked });
        }
        if (domainName !== undefined && domainName !== current.customDomainName) {
          problems.push({ field: 'customDomainName', message: EDIT_CUSTOMER_MESSAGES.domainRenamed });
        }
        certificateHost = current.customDomainName;
        needsCertificate = certificateChanged;
      } else if (values.addCustomDomain === true) {
        if (domainName === undefined) {
          problems.push({
            field: 'customDomainName',
            message: fieldRequiredMessage(ACCOUNT_FIELD_LABELS.customDomainName),
          });
        }
        certificateHost = domainName ?? null;
        needsCertificate = true;
      } else {
        for (const field of ['certificate', 'privateKey'] as const) {
          if (files.has(field))
            problems.push({ field, message: EDIT_CUSTOMER_MESSAGES.domainOffForFile(field) });
        }
      }
      const certificate = files.get('certificate');
      const privateKey = files.get('privateKey');
      if (needsCertificate) {
        if (!certificate) {
          problems.push({
            field: 'certificate',
            message: fieldRequiredMessage(FILE_FIELD_LABELS.certificateUrl),
          });
        }
        if (!privateKey) {
          problems.push({
            field: 'privateKey',
            message: fieldRequiredMessage(FILE_FIELD_LABELS.privateKeyUrl),
          });
        }
        if (certificate && privateKey) {
          problems.push(
            ...checkCertificatePair(certificate.data, privateKey.data, {
              host: certificateHost ?? undefined,
            }),
          );
        }
      }
      if (problems.length > 0) throw new RequestProblem(400, problems);

      if (!locked && values.addCustomDomain === true && domainName !== undefined) {
        const [other] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.customDomainName, domainName), ne(customers.id, current.id)))
          .limit(1);
        if (other) throw conflict();
        Object.assign(set, { addCustomDomain: true, customDomainName: domainName });
      }

      // Files last: nothing is stored for a refused edit.
      // Each stored file is recorded under the account (its quota) with the account row locked
      // above, so two edits at once cannot together pass the quota.
      const store = async (ns: BlobNamespace, ext: string, data: Buffer) => {
        const key = await app.blobs.put(ns, ext, data);
        written.push({ ns, key });
        const size = { key, namespace: ns, customerId: current.id, sizeBytes: data.length };
        await recordBlob(
          tx as unknown as Db,
          { ...size, contentType: contentTypeOf(key) },
          app.blobStorage.quotaBytes,
        );
        return key;
      };
      for (const image of images) {
        const key = await store('public', image.ext, image.file.data);
        const old = image.field === 'logo' ? current.logo : current.loginLogo;
        if (old) replaced.push({ ns: 'public', key: old });
        if (image.field === 'logo') Object.assign(set, { logo: key, logoAspect: image.aspect });
        else Object.assign(set, { loginLogo: key, loginLogoAspect: image.aspect });
      }
      if (needsCertificate && certificate && privateKey) {
        for (const [field, file] of [
          ['certificate', certificate],
          ['privateKey', privateKey],
        ] as const) {
          const ext = fileExtension(file.filename);
          // The private key is sealed under the secret key (like API tokens): a copy of the blob
          // volume alone does not reveal it. The certificate is public information.
          const data =
            field === 'privateKey'
              ? Buffer.from(app.secretBox.seal(file.data.toString('utf8')), 'utf8')
              : file.data;
          const key = await store('private', ext, data);
          const old = current[field];
          if (old) replaced.push({ ns: 'private', key: parseStoredFileRef(old).key });
          set[field] = storedFileRef(key, safeFileName(file.filename, `${field}${ext}`));
        }
      }

      const changed = Object.keys(set);
      if (changed.length === 0) return current;
      const [row] = await tx
        .update(customers)
        .set({ ...set, version: sql`${customers.version} + 1` })
        .where(eq(customers.id, current.id))
        .returning();
      await recordAudit(tx as unknown as Db, {
        action: 'customer.edit',
        actorUserId: auth.actor?.id ?? auth.user.id,
        effectiveUserId: auth.user.id,
        customerId: current.id,
        target: current.id,
        details: {
          changed: changed.filter((key) => key !== 'apiTokenHash' && key !== 'apiTokenSealed'),
          ...(set.paymentPlan ? { paymentPlan: { from: current.paymentPlan, to: set.paymentPlan } } : {}),
        },
        requestId: request.requestId,
        ip: request.ip,
      });
      // A plan change is billed from its own record: who, when, from and to.
      if (set.paymentPlan) {
        await recordPlanChange(tx as unknown as Db, {
          customerId: current.id,
          fromPlan: current.paymentPlan,
          toPlan: set.paymentPlan,
          changedBy: auth.actor?.id ?? auth.user.id,
          actingAs: auth.user.id,
        });
      }
      return row!;
    });
  } catch (err) {
    await Promise.allSettled(written.map((blob) => app.blobs.delete(blob.ns, blob.key)));
    if (isUniqueViolation(err)) throw conflict();
    if (err instanceof StorageQuotaExceeded) {
      const field = files.keys().next().value ?? 'logo';
      throw new RequestProblem(413, [{ field, message: UPLOAD_MESSAGES.quota(err.quotaBytes) }]);
    }
    throw err;
  }

  // 3. After commit: the replaced files go, and cached sessions drop the old account.
  for (const result of await Promise.allSettled(
    replaced.map((blob) => app.blobs.delete(blob.ns, blob.key)),
  )) {
    if (result.status === 'rejected')
      app.log.warn({ err: result.reason }, 'could not delete a replaced file');
  }
  if (app.sessionCache) {
    const members = await app.db.select({ id: users.id }).from(users).where(eq(users.customerId, updated.id));
    for (const member of members) app.sessionCache.deleteUser(member.id);
  }
  return updated;
}

const conflict = () =>
  new RequestProblem(409, [{ field: 'customDomainName', message: EDIT_CUSTOMER_MESSAGES.domainTaken }]);
