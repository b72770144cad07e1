import type { User } from '@cuepoint/core';
import type { CustomerRow, UserRow } from '../db/schema/index.ts';

/** Maps rows to the user shape of spec section 3 (`_id`, `profile`, populated `customerId`, `customerObj`). */
export function toUserDto(user: UserRow, customer: CustomerRow): User {
  const customerDto = {
    _id: customer.id,
    name: customer.name,
    subDomainName: customer.subDomainName,
    paymentPlan: customer.paymentPlan,
    timezone: customer.timezone,
    paymentCustomerId: customer.paymentCustomerId,
    enableAPI: customer.enableApi,
  };
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
    customerId: customerDto,
    customerObj: [{ _id: customer.id, paymentCustomerId: customer.paymentCustomerId }],
  };
}
