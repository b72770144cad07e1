import {
  type AccountCustomer,
  actorAllows,
  CDN_PROTOCOLS,
  type Customer,
  LOGO_ASPECTS,
  type LogoAspect,
  PLAN_FEATURES,
  type TeamRole,
  type User,
} from '@cuepoint/core';
import type { CustomerRow, UserRow } from '../db/schema/index.ts';
import { parseStoredFileRef, publicFileUrl } from './blob-store.ts';

/** The customer as every user record carries it (spec section 3). */
export function toCustomerDto(customer: CustomerRow): Customer {
  return {
    _id: customer.id,
    name: customer.name,
    subDomainName: customer.subDomainName,
    paymentPlan: customer.paymentPlan,
    timezone: customer.timezone,
    paymentCustomerId: customer.paymentCustomerId,
    enableAPI: customer.enableApi,
  };
}

/** Maps rows to the user shape of spec section 3 (`_id`, `profile`, populated `customerId`, `customerObj`). */
export function toUserDto(user: UserRow, customer: CustomerRow): User {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    mobilePhone: user.mobilePhone,
    jobTitle: user.jobTitle,
    country: user.country,
    organizationType: user.organizationType,
    email: user.email,
    profile: { isMainAdmin: user.isMainAdmin },
    isActive: user.isActive,
    isGmanaActive: user.isGmanaActive,
    role: user.role,
    customerId: toCustomerDto(customer),
    customerObj: [{ _id: customer.id, paymentCustomerId: customer.paymentCustomerId }],
  };
}

const isLogoAspect = (value: string | null): value is LogoAspect =>
  value !== null && (LOGO_ASPECTS as readonly string[]).includes(value);

/**
 * The customer as the account dialog reads it (spec section 3): logos as their public URLs
 * ('/files/<key>'), the certificate and key as the names they were uploaded with (their
 * contents are never sent), the API token opened with `openSecret` (app.secretBox.open), and the
 * plan feature list. Only for the customer's own users and a main administrator.
 */
export function toAccountCustomerDto(
  customer: CustomerRow,
  openSecret: (sealed: string) => string | null,
): AccountCustomer {
  return {
    ...toCustomerDto(customer),
    logoUrl: customer.logo ? publicFileUrl(customer.logo) : null,
    loginLogoUrl: customer.loginLogo ? publicFileUrl(customer.loginLogo) : null,
    logoAspect: isLogoAspect(customer.logoAspect) ? customer.logoAspect : null,
    addCustomDomain: customer.addCustomDomain,
    customDomainName: customer.customDomainName,
    certificateUrl: customer.certificate ? parseStoredFileRef(customer.certificate).name : null,
    privateKeyUrl: customer.privateKey ? parseStoredFileRef(customer.privateKey).name : null,
    cdnProtocol: CDN_PROTOCOLS.find((p) => p === customer.cdnProtocol) ?? 'https://',
    cdnDomain: customer.cdnDomain,
    apiToken: customer.apiTokenSealed ? openSecret(customer.apiTokenSealed) : null,
    plans: PLAN_FEATURES.map((feature) => ({ ...feature, plans: { ...feature.plans } })),
  };
}

/**
 * Who may see a customer's API token in plain text: a session of that customer's own owners (team
 * roles: API tokens are the owner's; a main administrator only through login-as, which is
 * audited, as the target's role). Anyone else, and any API-token call, gets null.
 */
export const tokenReader =
  (
    auth: { kind: string; customer: { id: string }; user: { isMainAdmin: boolean; role: TeamRole } },
    customerId: string,
    box: { open(sealed: string): string | null },
  ) =>
  (sealed: string): string | null =>
    auth.kind === 'session' && auth.customer.id === customerId && actorAllows(auth.user, 'manage')
      ? box.open(sealed)
      : null;
