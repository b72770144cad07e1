import { ENCODER_LABELS, LIST_ALL_MAX_ROWS, RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { ResourceList } from '../resource-list.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { encoderApi, makeEncoder, queries, renderAt } from './harness.tsx';

const list = (
  <ResourceList
    spec={RESOURCES.encoder}
    api={encoderApi}
    columns={[
      { key: 'name', label: ENCODER_LABELS.name },
      { key: 'input_type', label: ENCODER_LABELS.input_type },
      { key: 'bandwidth', label: ENCODER_LABELS.bandwidth, render: (row) => `${row.bandwidth} kbit/s` },
      { key: 'frame_rate', label: ENCODER_LABELS.frame_rate },
      { key: 'updatedAt', label: 'Updated' },
    ]}
    filterLabels={{ status: 'Status', input_type: ENCODER_LABELS.input_type }}
    rowHref={(row) => `/things/${row._id}`}
    actions={<button type="button">New encoder</button>}
  />
);

const ROWS = [
  makeEncoder({ name: 'Studio A', bandwidth: 5000 }),
  makeEncoder({ name: 'Studio B', input_type: 'NDI' }),
];

const answer =
  (data = ROWS, total = data.length) =>
  () =>
    jsonResponse(200, { data, total });
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('ResourceList', () => {
  it('shows the rows, the title, the links and the footer; asks with the default view', async () => {
    const fetchMock = stubApi({ 'GET ssai/encoder': answer() });
    renderAt(list);
    expect(screen.getByRole('heading', { level: 1, name: 'Encoders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Studio A' })).toHaveAttribute(
      'href',
      `/things/${ROWS[0]!._id}`,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('5000 kbit/s')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('NDI')).toBeInTheDocument();
    expect(screen.getByText(KIT_TEXTS.showing(1, 2, 2))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New encoder' })).toBeInTheDocument();
    expect(queries(fetchMock, 'ssai/encoder')).toEqual(['page=1&pageSize=10&sort=updatedAt&order=desc']);
    // The default sort shows on its header; columns the list cannot sort by have no button.
    expect(header('Updated')).toHaveAttribute('aria-sort', 'descending');
    expect(header(ENCODER_LABELS.name)).toHaveAttribute('aria-sort', 'none');
    expect(header(ENCODER_LABELS.frame_rate)).not.toHaveAttribute('aria-sort');
    expect(within(header(ENCODER_LABELS.frame_rate)).queryByRole('button')).toBeNull();
  });

  it('sorts by a header: first ascending, then descending, written to the URL', async () => {
    const fetchMock = stubApi({ 'GET ssai/encoder': answer(ROWS, 30) });
    const view = renderAt(list, '/things?page=2');
    await screen.findByRole('link', { name: 'Studio A' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(header(ENCODER_LABELS.name)).getByRole('button'));
    expect(view.search()).toBe('sort=name&order=asc');
    await waitFor(() => expect(header(ENCODER_LABELS.name)).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Updated')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header(ENCODER_LABELS.name)).getByRole('button'));
    expect(view.search()).toBe('sort=name'); // descending is the list's default order
    await waitFor(() => expect(header(ENCODER_LABELS.name)).toHaveAttribute('aria-sort', 'descending'));
    await waitFor(() =>
      expect(queries(fetchMock, 'ssai/encoder')).toEqual([
        'page=2&pageSize=10&sort=updatedAt&order=desc',
        'page=1&pageSize=10&sort=name&order=asc',
        'page=1&pageSize=10&sort=name&order=desc',
      ]),
    );
  });

  it('pages and changes the page size (back to page 1), in the URL', async () => {
    const many = Array.from({ length: 10 }, (_, i) => makeEncoder({ name: `Encoder ${i + 1}` }));
    const fetchMock = stubApi({ 'GET ssai/encoder': answer(many, 45) });
    const view = renderAt(list);
    await screen.findByText(KIT_TEXTS.showing(1, 10, 45));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.page(3) }));
    expect(view.search()).toBe('page=3');
    await screen.findByText(KIT_TEXTS.showing(21, 30, 45));
    await user.click(screen.getByLabelText(KIT_TEXTS.pageSize, { selector: 'input' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100', 'All']);
    await user.click(screen.getByRole('option', { name: '20' }));
    expect(view.search()).toBe('pageSize=20');
    await waitFor(() =>
      expect(queries(fetchMock, 'ssai/encoder')).toContain('page=1&pageSize=20&sort=updatedAt&order=desc'),
    );
  });

  it('reads the view from the URL (a link reproduces it) and ignores what the list cannot take', async () => {
    const fetchMock = stubApi({ 'GET ssai/encoder': answer() });
    renderAt(list, '/things?sort=password&order=asc&pageSize=50&status=inactive&input_type=bogus&q=studio');
    await screen.findByRole('link', { name: 'Studio A' });
    expect(queries(fetchMock, 'ssai/encoder')).toEqual([
      'page=1&pageSize=50&sort=updatedAt&order=asc&q=studio&status=inactive',
    ]);
    expect(screen.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder })).toHaveValue('studio');
    expect(
      screen.getByRole('button', { name: KIT_TEXTS.filtersButton(RESOURCE_TEXTS.filters, 1) }),
    ).toBeInTheDocument();
  });

  it('writes the search text to the URL after a pause, and a filter chosen in the drawer', async () => {
    const fetchMock = stubApi({ 'GET ssai/encoder': answer(ROWS, 30) });
    const view = renderAt(list, '/things?page=2');
    await screen.findByRole('link', { name: 'Studio A' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder }), 'stu');
    expect(view.search()).toBe('page=2'); // not yet: the text is debounced
    await waitFor(() => expect(view.search()).toBe('q=stu'));
    await user.click(screen.getByRole('button', { name: RESOURCE_TEXTS.filters }));
    const drawer = await screen.findByRole('dialog', { name: RESOURCE_TEXTS.filters });
    await user.click(within(drawer).getByLabelText('Status', { selector: 'input' }));
    await user.click(await within(drawer).findByRole('option', { name: 'inactive' }));
    expect(view.search()).toBe('q=stu&status=inactive');
    expect(
      screen.getByRole('button', { name: KIT_TEXTS.filtersButton(RESOURCE_TEXTS.filters, 1) }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(queries(fetchMock, 'ssai/encoder').at(-1)).toBe(
        'page=1&pageSize=10&sort=updatedAt&order=desc&q=stu&status=inactive',
      ),
    );
  });

  it('says when All is capped, and pages beyond the cap', async () => {
    const many = Array.from({ length: 3 }, (_, i) => makeEncoder({ name: `Studio ${i}` }));
    stubApi({ 'GET ssai/encoder': answer(many, LIST_ALL_MAX_ROWS + 170) });
    renderAt(list, '/things?pageSize=All');
    await screen.findByRole('link', { name: 'Studio 0' });
    expect(
      screen.getByText(
        `${KIT_TEXTS.showing(1, LIST_ALL_MAX_ROWS, LIST_ALL_MAX_ROWS + 170)} · ${KIT_TEXTS.allCapped(LIST_ALL_MAX_ROWS)}`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: KIT_TEXTS.page(2) })).toBeInTheDocument();
  });

  it('shows the empty state when there are no rows at all', async () => {
    stubApi({ 'GET ssai/encoder': answer([], 0) });
    renderAt(list);
    expect(await screen.findByText(RESOURCE_TEXTS.emptyList('Encoders'))).toBeInTheDocument();
    expect(screen.queryByText(RESOURCE_TEXTS.noMatch)).toBeNull();
    expect(screen.queryByRole('button', { name: RESOURCE_TEXTS.clearFilters })).toBeNull();
  });

  it('goes to the last page when the URL names a page beyond it', async () => {
    stubApi({ 'GET ssai/encoder': answer(ROWS, 12) });
    const view = renderAt(list, '/things?page=7&sort=name');
    await waitFor(() => expect(view.search()).toBe('page=2&sort=name'));
  });

  it('shows "nothing matches" with a way to clear the search and the filters', async () => {
    stubApi({ 'GET ssai/encoder': answer([], 0) });
    const view = renderAt(list, '/things?q=zzz&status=active&sort=name');
    expect(await screen.findByText(RESOURCE_TEXTS.noMatch)).toBeInTheDocument();
    expect(screen.queryByText(RESOURCE_TEXTS.emptyList('Encoders'))).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: RESOURCE_TEXTS.clearFilters }));
    expect(view.search()).toBe('sort=name');
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: RESOURCE_TEXTS.searchPlaceholder })).toHaveValue(''),
    );
  });

  it('shows the error state and tries again', async () => {
    let fail = true;
    stubApi({
      'GET ssai/encoder': () =>
        fail
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Boom' })
          : answer()(),
    });
    renderAt(list);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(RESOURCE_TEXTS.loadFailed);
    fail = false;
    await userEvent
      .setup({ delay: null })
      .click(within(alert).getByRole('button', { name: RESOURCE_TEXTS.retry }));
    expect(await screen.findByRole('link', { name: 'Studio A' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
