import { RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { DeleteAction } from '../delete-action.tsx';
import { DetailTabs } from '../detail-tabs.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { calls, encoderApi, makeEncoder, renderAt, shownToasts, spyToasts } from './harness.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const row = makeEncoder({ name: 'Studio A' });
const open = async () => {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: KIT_TEXTS.deleteNamed('Encoder', 'Studio A') }));
  const dialog = await screen.findByRole('dialog', {
    name: RESOURCE_TEXTS.deleteTitle('Encoder', 'Studio A'),
  });
  return { user, dialog };
};

describe('DeleteAction', () => {
  it('asks first; Cancel deletes nothing', async () => {
    const fetchMock = stubApi({});
    renderAt(<DeleteAction spec={RESOURCES.encoder} api={encoderApi} row={row} />);
    const { user, dialog } = await open();
    expect(dialog).toHaveTextContent(RESOURCE_TEXTS.deleteConfirm('Encoder', 'Studio A'));
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock)).toEqual([]);
  });

  it('deletes on Delete, toasts and reports it', async () => {
    const toasts = spyToasts();
    const fetchMock = stubApi({
      [`DELETE ssai/encoder/${row._id}`]: () => jsonResponse(200, { _id: row._id }),
    });
    const onDeleted = vi.fn();
    renderAt(<DeleteAction spec={RESOURCES.encoder} api={encoderApi} row={row} onDeleted={onDeleted} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls(fetchMock)).toEqual([`DELETE ssai/encoder/${row._id}`]);
    expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.deleted('Encoder'), type: 'success' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the 409 of a resource in use (showMessage) as an error toast naming the users, and closes', async () => {
    const toasts = spyToasts();
    const message = RESOURCE_TEXTS.inUse('Slate', [{ kind: 'live stream', name: 'News 24' }]);
    stubApi({
      [`DELETE ssai/encoder/${row._id}`]: () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message,
          showMessage: true,
          usedBy: [{ kind: 'liveStream', _id: row._id, name: 'News 24' }],
        }),
    });
    const onDeleted = vi.fn();
    renderAt(<DeleteAction spec={RESOURCES.encoder} api={encoderApi} row={row} onDeleted={onDeleted} />);
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(shownToasts(toasts)).toEqual([{ message, type: 'error' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('uses the destructive colour', () => {
    stubApi({});
    renderAt(<DeleteAction spec={RESOURCES.encoder} api={encoderApi} row={row} />);
    const button = screen.getByRole('button', { name: KIT_TEXTS.deleteNamed('Encoder', 'Studio A') });
    expect(button.getAttribute('style')).toContain('--mantine-color-red-9');
  });
});

describe('DetailTabs', () => {
  it('links every section and marks the one shown', () => {
    const tabs = [
      { value: 'configuration', label: 'Configuration', to: '/things/abc' },
      { value: 'logs', label: 'Logs', to: '/things/abc/kibana' },
    ];
    renderAt(<DetailTabs tabs={tabs} />, '/things/abc');
    const nav = screen.getByRole('navigation', { name: KIT_TEXTS.detailTabs });
    expect(within(nav).getByRole('link', { name: 'Configuration' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Logs' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/things/abc/kibana');
  });
});
