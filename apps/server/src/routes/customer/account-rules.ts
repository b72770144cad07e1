/**
 * The account dialog's rules (PUT /customer/editCustomer/{id}), as pure functions: no database,
 * no files written, no Fastify. `checkAccountInput` looks at what was sent; `planAccountEdit`
 * applies the plan and custom-domain rules to the stored account and answers the changes, or the
 * problems naming each field. edit-customer.ts runs them around the row lock and the file store.
 */
import {
  ACCOUNT_FIELD_LABELS,
  type editCustomerFieldsSchema,
  entitled,
  FILE_FIELD_LABELS,
  fieldRequiredMessage,
  fileExtension,
  type LogoAspect,
  logoAspectOf,
  validateLogoDimensions,
} from '@cuepoint/core';
import type { z } from 'zod';
import { checkCertificatePair } from '../../lib/certificate.ts';
import { IMAGE_TYPE_EXTENSIONS, type ImageType, imageSize } from '../../lib/image-size.ts';
import type { FieldProblem } from '../../lib/request-problem.ts';
import type { CustomerChanges, CustomerRow } from '../../repositories/customers.ts';
import { FILE_FIELDS, type FileField, type UploadedFile } from './uploads.ts';

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

/** A rule's answer: the value, or the problems naming each field. */
export type RuleResult<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };
const refused = (problems: FieldProblem[]): { ok: false; problems: FieldProblem[] } => ({
  ok: false,
  problems,
});

/** What was sent: the form's values and its files by field. */
export interface AccountInput {
  values: EditCustomerValues;
  files: ReadonlyMap<FileField, UploadedFile>;
}

// ---- Checks that need nothing stored -------------------------------------------------------

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)(?:${LABEL}\\.)+${LABEL}$`);

/** A lower-case DNS host name of at least two labels whose last label is not a number (no IP address). */
export const isHostName = (value: string): boolean =>
  HOST_NAME.test(value) && !/^\d+$/.test(value.slice(value.lastIndexOf('.') + 1));

/** The CDN domain to store: null to clear it, a host name with an optional port, else a problem. */
export function checkCdnDomain(value: string): { value: string | null } | { problem: string } {
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

export interface CheckedImage {
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
export function checkImage(field: 'logo' | 'loginLogo', file: UploadedFile): CheckedImage | FieldProblem {
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

/** The input once checked on its own: the logos to store and the domains as they will be stored. */
export interface CheckedInput {
  images: CheckedImage[];
  /** The custom domain name asked for; undefined when none was (an empty one is none). */
  domainName: string | undefined;
  /** The CDN domain to store (null clears it); undefined leaves it as it is. */
  cdnDomain: string | null | undefined;
}

/** Everything that can be checked without the stored account: files, host names. */
export function checkAccountInput({ values, files }: AccountInput): RuleResult<CheckedInput> {
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
  if (problems.length > 0) return refused(problems);
  return { ok: true, value: { images, domainName, cdnDomain } };
}

// ---- Rules that depend on the stored account -----------------------------------------------

/** What an edit changes, decided before anything is stored. */
export interface AccountEditPlan {
  /** The columns to set, apart from those naming stored files. */
  changes: CustomerChanges;
  /** Logos to store. */
  images: CheckedImage[];
  /** The certificate and its key to store (the domain is turned on, or its certificate renewed). */
  certificate: { certificate: UploadedFile; privateKey: UploadedFile } | null;
  /** A custom domain turned on by this edit: no other account may have it. */
  newDomain: string | null;
}

/**
 * The account rules, given the stored account, what was sent (and checked by checkAccountInput)
 * and who sends it:
 * - the plan: leaving Enterprise is for a main administrator (it ends a commitment), and a plan
 *   without API access ends it and its token;
 * - the custom domain (spec section 4): once saved it stays on and keeps its name, and its
 *   certificate may be replaced (renewal). Turning it on needs a name, a certificate and its key,
 *   which must match each other and the name; without it no certificate is taken.
 */
export function planAccountEdit(
  current: CustomerRow,
  { values, files }: AccountInput,
  checked: CheckedInput,
  caller: { isMainAdmin: boolean },
): RuleResult<AccountEditPlan> {
  const changes: CustomerChanges = {};
  if (values.paymentPlan !== undefined && values.paymentPlan !== current.paymentPlan) {
    // Upgrading is the console's upgrade path; leaving Enterprise ends a commitment (support only).
    // A 400 naming the field, not a 403: the console ends the session on 403 (spec section 8).
    // Refused on its own, before the other rules: the user contacts support first.
    if (current.paymentPlan === 'enterprise' && !caller.isMainAdmin) {
      return refused([{ field: 'paymentPlan', message: EDIT_CUSTOMER_MESSAGES.downgrade }]);
    }
    changes.paymentPlan = values.paymentPlan;
    // API access is an Enterprise feature: a plan without it ends API access and its token.
    if (!entitled(values.paymentPlan, 'enhanced_api')) {
      Object.assign(changes, { enableApi: false, apiTokenHash: null, apiTokenSealed: null });
    }
  }
  if (values.timezone !== undefined) changes.timezone = values.timezone;
  if (values.cdnProtocol !== undefined) changes.cdnProtocol = values.cdnProtocol;
  if (checked.cdnDomain !== undefined) changes.cdnDomain = checked.cdnDomain;

  const problems: FieldProblem[] = [];
  const { domainName } = checked;
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
      if (files.has(field)) problems.push({ field, message: EDIT_CUSTOMER_MESSAGES.domainOffForFile(field) });
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
      problems.push({ field: 'privateKey', message: fieldRequiredMessage(FILE_FIELD_LABELS.privateKeyUrl) });
    }
    if (certificate && privateKey) {
      problems.push(
        ...checkCertificatePair(certificate.data, privateKey.data, { host: certificateHost ?? undefined }),
      );
    }
  }
  if (problems.length > 0) return refused(problems);

  let newDomain: string | null = null;
  if (!locked && values.addCustomDomain === true && domainName !== undefined) {
    newDomain = domainName;
    Object.assign(changes, { addCustomDomain: true, customDomainName: domainName });
  }
  return {
    ok: true,
    value: {
      changes,
      images: checked.images,
      certificate: needsCertificate && certificate && privateKey ? { certificate, privateKey } : null,
      newDomain,
    },
  };
}
