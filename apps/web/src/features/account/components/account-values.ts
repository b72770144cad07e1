/**
 * What the My Account form holds and how it maps to the account: the form's values from the
 * stored customer, the shared rules, and the fields and files a save sends (PUT
 * customer/editCustomer, multipart).
 */
import {
  type AccountCustomer,
  accountSchema,
  type CDN_PROTOCOLS,
  type EditCustomerFields,
  type PaymentPlan,
} from '@cuepoint/core';
import { zodValidate } from '../../../lib/zod-form.ts';
import type { EditCustomerFiles } from '../api/edit-customer.ts';

type CdnProtocol = (typeof CDN_PROTOCOLS)[number];

export interface AccountValues {
  paymentPlan: string | null;
  timezone: number | null;
  uploadLogo: boolean;
  logo: File | null;
  loginLogo: File | null;
  addCustomDomain: boolean;
  customDomainName: string;
  isCertificateModified: boolean;
  /** A newly chosen certificate, or the saved one's file name. */
  certificateUrl: File | string | null;
  privateKeyUrl: File | string | null;
  cdnProtocol: CdnProtocol;
  cdnDomain: string;
}

export const fromCustomer = (customer: AccountCustomer): AccountValues => ({
  paymentPlan: customer.paymentPlan || null,
  timezone: Number.isFinite(customer.timezone) ? customer.timezone : null,
  uploadLogo: false,
  logo: null,
  loginLogo: null,
  addCustomDomain: customer.addCustomDomain,
  customDomainName: customer.customDomainName ?? '',
  isCertificateModified: false,
  certificateUrl: customer.certificateUrl,
  privateKeyUrl: customer.privateKeyUrl,
  cdnProtocol: customer.cdnProtocol,
  cdnDomain: customer.cdnDomain ?? '',
});

/** Server field names (the multipart file fields) -> the form's. */
export const SERVER_FIELDS: Record<string, keyof AccountValues> = {
  certificate: 'certificateUrl',
  privateKey: 'privateKeyUrl',
};

/** The shared rules; the form holds nulls where the schema's input has none (an empty select). */
export const validateAccount = zodValidate(accountSchema) as unknown as (
  values: AccountValues,
) => Record<string, string>;

/** The save's fields and files from the form's values. */
export function toSaveRequest(v: AccountValues): { fields: EditCustomerFields; files: EditCustomerFiles } {
  const certificateChanged = v.addCustomDomain && v.isCertificateModified;
  return {
    fields: {
      paymentPlan: v.paymentPlan as PaymentPlan,
      timezone: v.timezone ?? undefined,
      addCustomDomain: v.addCustomDomain,
      ...(v.addCustomDomain ? { customDomainName: v.customDomainName.trim().toLowerCase() } : {}),
      cdnProtocol: v.cdnProtocol,
      cdnDomain: v.cdnDomain.trim(),
      uploadLogo: v.logo !== null,
      isCertificateModified: certificateChanged,
      isFirstTime: false,
    },
    files: {
      logo: v.logo,
      loginLogo: v.loginLogo,
      certificate: certificateChanged && v.certificateUrl instanceof File ? v.certificateUrl : null,
      privateKey: certificateChanged && v.privateKeyUrl instanceof File ? v.privateKeyUrl : null,
    },
  };
}
