import { ENCODER_DEFAULTS, type ResourceMeta, SLATE_DEFAULTS } from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { type MockInstance, vi } from 'vitest';
import '../../../test/fixtures.ts';
import { RESOURCES } from '@cuepoint/core';
import { type ResourceDto, resourceApi } from '../../../lib/resource-api.ts';
import { renderRoutes } from '../../../test/render-router.tsx';

export const encoderApi = resourceApi(RESOURCES.encoder);
export const slateApi = resourceApi(RESOURCES.slate);

let n = 0;
/** A stored resource's meta fields. */
export const meta = (overrides: Partial<ResourceMeta> = {}): ResourceMeta => {
  n += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
    version: 1,
    createdAt: '2025-01-02T10:00:00.000Z',
    updatedAt: '2025-01-03T11:30:00.000Z',
    updatedBy: 'ada@example.com',
    ...overrides,
  };
};

export const makeEncoder = (overrides: Partial<ResourceDto<'encoder'>> = {}): ResourceDto<'encoder'> => ({
  ...ENCODER_DEFAULTS,
  ...meta(),
  name: 'Studio A',
  ...overrides,
});

/** A stored slate (version 3) with a URL source. */
export const makeSlate = (overrides: Partial<ResourceDto<'slate'>> = {}): ResourceDto<'slate'> => ({
  ...SLATE_DEFAULTS,
  ...meta({ version: 3 }),
  name: 'Fill',
  videoUrl: 'https://cdn.example.com/fill.mp4',
  duration: 12,
  ...overrides,
});

/** `element` on /things and below (with ?search) in a memory data router inside the console's providers. */
export function renderAt(element: ReactNode, path = '/things') {
  const view = renderRoutes([{ path: '/things/*', element }], path);
  return {
    ...view,
    search: () => view.router.state.location.search.replace(/^\?/, ''),
    pathname: () => view.router.state.location.pathname,
  };
}

export type ToastSpy = MockInstance<typeof notifications.show>;
export const spyToasts = (): ToastSpy => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
export const shownToasts = (spy: ToastSpy) =>
  spy.mock.calls.map(([toast]) => ({
    message: toast.message,
    type: (toast as unknown as Record<string, unknown>)['data-toast-type'],
  }));

/** The query string of each call to `path` (below /api/). */
export const queries = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `/api/${path}`)
    .map((url) => url.search.replace(/^\?/, ''));

/** "METHOD path" of every fetch call, in order. */
export const calls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url, init]) => {
    const path = new URL(String(url), 'http://localhost').pathname.replace(/^\/api\//, '');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${path}`;
  });

export const jsonBody = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body)) as Record<string, unknown>;
