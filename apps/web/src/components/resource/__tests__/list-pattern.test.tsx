/**
 * The one pattern every list gets from the kit: a row (or card) opens its record on a click
 * anywhere or on Enter, the row's actions are in a named menu, the empty state offers the primary
 * action, a status is a badge, times read left to right, cards at phone width (sortable there
 * too), and a Customer column for a main administrator only.
 */
import { ENCODER_LABELS, RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_ROUTE_ID } from '../../../lib/session.ts';
import { jsonResponse, stubApi, stubMediaQuery } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { PHONE_QUERY, ResourceList, type ResourceListProps } from '../resource-list.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { calls, encoderApi, makeEncoder, renderAt } from './harness.tsx';

const ROWS = [
  { ...makeEncoder({ name: 'Studio A', status: 'active' }), customerName: 'Acme Broadcasting' },
  { ...makeEncoder({ name: 'Studio B', status: 'inactive' }), customerName: 'Globex TV' },
];

function list(props: Partial<ResourceListProps<'encoder'>> = {}) {
  return (
    <ResourceList
      spec={RESOURCES.encoder}
      api={encoderApi}
      columns={[
        { key: 'name', label: ENCODER_LABELS.name },
        { key: 'input_type', label: ENCODER_LABELS.input_type },
        { key: 'status', label: ENCODER_LABELS.status },
        { key: 'updatedAt', label: 'Updated' },
      ]}
      rowHref={(row) => `/things/${row._id}`}
      primaryAction={{ label: 'New encoder', to: '/things/new' }}
      {...props}
    />
  );
}

const answer =
  (data: unknown[] = ROWS) =>
  () =>
    jsonResponse(200, { data, total: data.length });

const user = () => userEvent.setup({ delay: null });

/** `element` under a session route whose user is (or is not) a main administrator. */
function renderAsSession(element: React.ReactNode, isMainAdmin: boolean) {
  return renderRoutes(
    [
      {
        id: SESSION_ROUTE_ID,
        loader: () => ({
          user: { profile: { isMainAdmin } },
          isMainAdmin,
          loginAs: false,
          userView: false,
        }),
        HydrateFallback: () => null,
        children: [{ path: '/things/*', element }],
      },
    ],
    '/things',
  );
}

/** matchMedia answering yes for the phone query (and no for every other). */
const stubPhone = () => stubMediaQuery(PHONE_QUERY);

describe('the list pattern', () => {
  it('opens a record on a click anywhere on its row, not only on its name', async () => {
    stubApi({ 'GET ssai/encoder': answer() });
    const view = renderAt(list());
    const row = await screen.findByRole('row', { name: 'Studio A' });
    await user().click(within(row).getByText(ROWS[0]!.input_type));
    expect(view.pathname()).toBe(`/things/${ROWS[0]!._id}`);
  });

  it('opens a record with Enter on its focused row (rows are focusable and named by the record)', async () => {
    stubApi({ 'GET ssai/encoder': answer() });
    const view = renderAt(list());
    const row = await screen.findByRole('row', { name: 'Studio B' });
    expect(row).toHaveAttribute('tabindex', '0');
    // The name is still a link (a new tab, a middle click), without a second tab stop.
    expect(within(row).getByRole('link', { name: 'Studio B' })).toHaveAttribute('tabindex', '-1');
    row.focus();
    await user().keyboard('{Enter}');
    expect(view.pathname()).toBe(`/things/${ROWS[1]!._id}`);
  });

  it('has a menu at the row’s end named after the row: Open, the screen’s actions, Delete', async () => {
    let edited = '';
    const fetchMock = stubApi({ 'GET ssai/encoder': answer() });
    const view = renderAt(
      list({ rowActions: (row) => [{ label: 'Duplicate', onClick: () => (edited = row.name) }] }),
    );
    const row = await screen.findByRole('row', { name: 'Studio A' });
    const button = within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') });
    await user().click(button);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([KIT_TEXTS.open, 'Duplicate', KIT_TEXTS.delete]);
    expect(within(menu).getByRole('menuitem', { name: KIT_TEXTS.open })).toHaveAttribute(
      'href',
      `/things/${ROWS[0]!._id}`,
    );
    await user().click(within(menu).getByRole('menuitem', { name: 'Duplicate' }));
    expect(edited).toBe('Studio A');
    // Choosing from the menu does not open the row.
    expect(view.pathname()).toBe('/things');

    // Delete asks first, naming the record; Cancel deletes nothing.
    await user().click(within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }));
    await user().click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(RESOURCE_TEXTS.deleteConfirm(RESOURCES.encoder.label, 'Studio A'));
    await user().click(within(dialog).getByRole('button', { name: KIT_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock).filter((call) => call.startsWith('DELETE'))).toEqual([]);
    expect(view.pathname()).toBe('/things');
  });

  it('offers no Delete on a list that is not deletable', async () => {
    stubApi({ 'GET ssai/encoder': answer() });
    renderAt(list({ deletable: false }));
    const row = await screen.findByRole('row', { name: 'Studio A' });
    await user().click(within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([KIT_TEXTS.open]);
  });

  it('puts the primary action at the toolbar’s end and in the empty state, with one sentence', async () => {
    stubApi({ 'GET ssai/encoder': answer([]) });
    const view = renderAt(list());
    const empty = await screen.findByTestId('list-empty');
    expect(within(empty).getByText(RESOURCE_TEXTS.emptyList('Encoders'))).toBeInTheDocument();
    const create = within(empty).getByRole('link', { name: 'New encoder' });
    expect(create).toHaveAttribute('href', '/things/new');
    expect(screen.getAllByRole('link', { name: 'New encoder' })).toHaveLength(2);
    await user().click(create);
    expect(view.pathname()).toBe('/things/new');
  });

  it('shows a status as a coloured badge and times left to right', async () => {
    stubApi({ 'GET ssai/encoder': answer() });
    renderAt(list());
    const row = await screen.findByRole('row', { name: 'Studio B' });
    const badge = within(row).getByText('Inactive').closest('[data-status]');
    expect(badge).toHaveAttribute('data-status', 'inactive');
    const cells = within(row).getAllByRole('cell');
    expect(cells[3]).toHaveAttribute('dir', 'ltr');
    expect(cells[0]).not.toHaveAttribute('dir');
  });

  it('keeps the header in view (a sticky header) while the rows scroll', async () => {
    stubApi({ 'GET ssai/encoder': answer() });
    renderAt(list());
    await screen.findByRole('row', { name: 'Studio A' });
    const [head] = within(screen.getByRole('table')).getAllByRole('rowgroup');
    expect(head!.tagName).toBe('THEAD');
    expect(head).toHaveAttribute('data-sticky');
  });

  describe('at phone width', () => {
    it('shows cards that open on a tap or Enter, with their menu, fields and the sort control', async () => {
      const restore = stubPhone();
      try {
        const fetchMock = stubApi({ 'GET ssai/encoder': answer() });
        const view = renderAt(list());
        const cards = await screen.findByRole('list', { name: 'Encoders' });
        expect(screen.queryByRole('table')).toBeNull();
        const card = within(cards).getByRole('listitem', { name: 'Studio A' });
        expect(card).toHaveAttribute('tabindex', '0');
        expect(within(card).getByText(ENCODER_LABELS.input_type)).toBeInTheDocument();
        expect(within(card).getByText('Active')).toBeInTheDocument();
        expect(
          within(card).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }),
        ).toBeInTheDocument();

        // Sort without headers: the column, then the order.
        await user().click(screen.getByLabelText(KIT_TEXTS.sortField, { selector: 'input' }));
        await user().click(await screen.findByRole('option', { name: ENCODER_LABELS.name }));
        expect(view.search()).toBe('sort=name');
        await user().click(screen.getByRole('button', { name: KIT_TEXTS.sortOrderToggle('desc') }));
        expect(view.search()).toBe('sort=name&order=asc');
        await waitFor(() => expect(calls(fetchMock).filter((c) => c.startsWith('GET'))).toHaveLength(3));

        await user().click(within(card).getByText(ENCODER_LABELS.input_type));
        expect(view.pathname()).toBe(`/things/${ROWS[0]!._id}`);
      } finally {
        restore();
      }
    });

    it('opens a card with Enter', async () => {
      stubApi({ 'GET ssai/encoder': answer() });
      const view = renderAt(list({ layout: 'cards' }));
      const card = await screen.findByRole('listitem', { name: 'Studio B' });
      card.focus();
      await user().keyboard('{Enter}');
      expect(view.pathname()).toBe(`/things/${ROWS[1]!._id}`);
    });
  });

  describe('the Customer column', () => {
    it('shows whose each row is to a main administrator, after the name', async () => {
      stubApi({ 'GET ssai/encoder': answer() });
      renderAsSession(list(), true);
      const row = await screen.findByRole('row', { name: 'Studio B' });
      const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
      expect(headers.slice(0, 2)).toEqual([ENCODER_LABELS.name, KIT_TEXTS.customer]);
      expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('Globex TV');
    });

    it('is not there for a customer’s user (their own records only)', async () => {
      stubApi({ 'GET ssai/encoder': answer() });
      renderAsSession(list(), false);
      await screen.findByRole('row', { name: 'Studio B' });
      expect(screen.queryByRole('columnheader', { name: KIT_TEXTS.customer })).toBeNull();
      expect(screen.queryByText('Globex TV')).toBeNull();
    });

    it('shows in the cards too', async () => {
      stubApi({ 'GET ssai/encoder': answer() });
      renderAsSession(list({ layout: 'cards' }), true);
      const card = await screen.findByRole('listitem', { name: 'Studio A' });
      expect(within(card).getByText(KIT_TEXTS.customer)).toBeInTheDocument();
      expect(within(card).getByText('Acme Broadcasting')).toBeInTheDocument();
    });
  });
});
