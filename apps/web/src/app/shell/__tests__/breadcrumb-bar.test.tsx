import { LIVE_STREAM_DEFAULTS, RESOURCES } from '@cuepoint/core';
import { act, screen, within } from '@testing-library/react';
import { Outlet, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Component as LiveStreamDetail } from '../../../features/live-streams/routes/live-stream-detail.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { jsonResponse, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { BreadcrumbBar } from '../breadcrumb-bar.tsx';

const ID = '2b9d6f0e-4c1a-4e8b-9f3d-7a6c5b4e3d21';
const KEY = ['liveStream', 'detail', ID];
const stream = {
  ...LIVE_STREAM_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 4,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Channel One',
  sourceStreamUrl: 'https://origin.example.com/live/one/',
};

/** The bar above whatever the path renders, as the default layout places it. */
function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <BreadcrumbBar pathname={pathname} viewer={{ mainAdmin: true }} />
      <Outlet />
    </>
  );
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        Component: Layout,
        children: [
          { path: '/streams-live/:detail', Component: LiveStreamDetail },
          { path: '/streams-live/:detail/kibana', element: <p>Stream logs</p> },
        ],
      },
    ],
    path,
  );

const bar = () => within(screen.getByTestId('breadcrumb'));

describe('the breadcrumb of a record', () => {
  it('shows the name of a record the cache holds, without asking the server', async () => {
    const fetchMock = stubApi({});
    renderAt(`/streams-live/${ID}/kibana`);
    act(() => queryClient.setQueryData(KEY, stream));
    expect(await bar().findByRole('link', { name: 'Channel One' })).toHaveAttribute(
      'href',
      `/streams-live/${ID}`,
    );
    expect(bar().queryByText(ID)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the screen's title where nothing loaded the record, and still asks nothing", () => {
    const fetchMock = stubApi({});
    renderAt(`/streams-live/${ID}/kibana`);
    expect(bar().getByRole('link', { name: 'Live Stream' })).toHaveAttribute('href', `/streams-live/${ID}`);
    expect(bar().queryByText(ID)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on the detail page: the neutral label while the page loads the record, then its name (one request)', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubApi({
      [`GET ${RESOURCES.liveStream.apiPath.slice(1)}/${ID}`]: () =>
        new Promise((resolve) => (answer = resolve)),
      'GET ssai/slate': () => jsonResponse(200, { data: [], total: 0 }),
    });
    renderAt(`/streams-live/${ID}`);
    const current = () => bar().getByText((_, element) => element?.getAttribute('aria-current') === 'page');
    expect(current()).toHaveTextContent('Live Stream');
    await act(async () => answer(jsonResponse(200, stream)));
    expect(await screen.findByRole('heading', { name: 'Channel One', level: 1 })).toBeInTheDocument();
    expect(current()).toHaveTextContent('Channel One');
    const recordCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes(`/${ID}`));
    expect(recordCalls).toHaveLength(1);
  });
});
