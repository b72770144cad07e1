import { type AccountCustomer, PLAN_FEATURES, type User } from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { type MockInstance, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';

export const CUSTOMER_ID = '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11';

/** The customer as GET customer/getCustomer/{id} answers it. */
export const makeCustomer = (overrides: Partial<AccountCustomer> = {}): AccountCustomer => ({
  _id: CUSTOMER_ID,
  name: 'Analytical Engines',
  subDomainName: 'engines',
  paymentPlan: 'standard',
  timezone: 5.5,
  paymentCustomerId: null,
  enableAPI: false,
  logoUrl: null,
  loginLogoUrl: null,
  logoAspect: null,
  addCustomDomain: false,
  customDomainName: null,
  certificateUrl: null,
  privateKeyUrl: null,
  cdnProtocol: 'https://',
  cdnDomain: 'cdn.engines.example',
  apiToken: null,
  plans: [...PLAN_FEATURES],
  ...overrides,
});

/** A user of that customer. */
export const accountUser = (overrides: Partial<User> = {}): User => {
  const base = makeUser();
  return makeUser({ customerId: { ...base.customerId, _id: CUSTOMER_ID }, ...overrides });
};

export const TIME_ZONES = [
  { value: '(UTC+00:00) London', numerical_value: 0 },
  { value: '(UTC+01:00) Paris', numerical_value: 1 },
  { value: '(UTC+05:30) Kolkata', numerical_value: 5.5 },
  { value: '(UTC+05:30) Sri Jayawardenepura', numerical_value: 5.5 },
];

export const PAYMENT_PLANS_ANSWER = {
  data: [
    { text: 'Standard', value: 'standard' },
    { text: 'Enterprise - Contact us (Min 10M Impressions)', value: 'enterprise' },
  ],
};

/** One dialog in a memory data router (it revalidates the router after a save), with /login beside it. */
export function renderDialog(element: ReactNode) {
  const view = renderRoutes(
    [
      { path: '/', element },
      { path: '/login', element: <p>Login page</p> },
    ],
    '/',
  );
  return { ...view, location: () => view.router.state.location.pathname };
}

export type ToastSpy = MockInstance<typeof notifications.show>;

/** Spies on the toasts (Mantine's notifications.show). */
export const spyToasts = (): ToastSpy => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');

/** The toasts shown so far: message, type and autoClose. */
export const shownToasts = (spy: ToastSpy) =>
  spy.mock.calls.map(([toast]) => ({
    message: toast.message,
    type: (toast as unknown as Record<string, unknown>)['data-toast-type'],
    autoClose: toast.autoClose,
  }));

/** The JSON body of a fetch call. */
export const jsonBody = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body)) as Record<string, unknown>;

/** "METHOD path" of every fetch call, in order. */
export const calls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url, init]) => {
    const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api\//, '');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${path}`;
  });

/** Object URLs of the previews, as spies (Node's own accept only Node blobs); `restore` puts the originals back. */
export function stubObjectUrls() {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let n = 0;
  const create = vi.fn((_blob: Blob) => `blob:preview-${++n}`);
  const revoke = vi.fn((_url: string) => undefined);
  Object.defineProperty(URL, 'createObjectURL', { value: create, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true, writable: true });
  return {
    create,
    revoke,
    restore: () => {
      Object.defineProperty(URL, 'createObjectURL', {
        value: original.create,
        configurable: true,
        writable: true,
      });
      Object.defineProperty(URL, 'revokeObjectURL', {
        value: original.revoke,
        configurable: true,
        writable: true,
      });
    },
  };
}

/** createImageBitmap answering `size` for every image. */
export const stubImageSize = (size: { width: number; height: number }) => {
  const bitmap = vi.fn(async (_file: Blob) => ({ ...size, close: () => undefined }));
  vi.stubGlobal('createImageBitmap', bitmap);
  return bitmap;
};
