/**
 * Team roles in the resource kit (issue 18): a viewer's lists offer no create button and no Delete,
 * and a record opens read-only (fields disabled, no Save, a note saying why); its create page
 * says it may not create. An editor (and an owner) keeps every control; a main administrator too.
 */
import { ENCODER_LABELS, RESOURCES, type TeamRole } from '@cuepoint/core';
import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ROUTE_ID } from '../../../lib/session.ts';
import { jsonResponse, makeUser, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ResourceEditPage } from '../resource-edit-page.tsx';
import { ResourceList } from '../resource-list.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { encoderApi, makeEncoder } from './harness.tsx';

const user = () => userEvent.setup({ delay: null });
const ROW = makeEncoder({ name: 'Studio A' });
const PATHS = { list: '/things', detail: (id: string) => `/things/${id}` };

afterEach(() => vi.unstubAllGlobals());

/** `element` on /things/* under a session route whose user has `role`. */
function renderAs(role: TeamRole, element: ReactNode, path = '/things', isMainAdmin = false) {
  return renderRoutes(
    [
      {
        id: SESSION_ROUTE_ID,
        loader: () => ({
          user: makeUser({ role, profile: { isMainAdmin } }),
          isMainAdmin,
          loginAs: false,
          userView: false,
        }),
        HydrateFallback: () => null,
        children: [{ path: '/things/*', element }],
      },
    ],
    path,
  );
}

const list = (
  <ResourceList
    spec={RESOURCES.encoder}
    api={encoderApi}
    columns={[{ key: 'name', label: ENCODER_LABELS.name }]}
    rowHref={(row) => PATHS.detail(row._id)}
    primaryAction={{ label: 'New encoder', to: '/things/new' }}
  />
);

const page = (id: string) => (
  <ResourceEditPage
    api={encoderApi}
    schema={RESOURCES.encoder.schema}
    id={id}
    paths={PATHS}
    createTitle="New encoder"
  >
    {(form) => (
      <TextInput label={ENCODER_LABELS.name} key={form.key('name')} {...form.getInputProps('name')} />
    )}
  </ResourceEditPage>
);

const answers = () =>
  stubApi({
    'GET ssai/encoder': () => jsonResponse(200, { data: [ROW], total: 1 }),
    [`GET ssai/encoder/${ROW._id}`]: () => jsonResponse(200, ROW),
  });

describe('the resource kit and team roles', () => {
  it('offers a viewer no create button and no Delete on a list', async () => {
    answers();
    renderAs('viewer', list);
    const row = await screen.findByRole('row', { name: 'Studio A' });
    expect(screen.queryByRole('link', { name: 'New encoder' })).toBeNull();
    await user().click(within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([KIT_TEXTS.open]);
  });

  it('keeps every control for an editor and for a main administrator', async () => {
    for (const [role, admin] of [
      ['editor', false],
      ['viewer', true],
    ] as const) {
      answers();
      const view = renderAs(role, list, '/things', admin);
      const row = await screen.findByRole('row', { name: 'Studio A' });
      expect(screen.getByRole('link', { name: 'New encoder' })).toBeInTheDocument();
      await user().click(within(row).getByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') }));
      expect(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete })).toBeInTheDocument();
      view.unmount();
    }
  });

  it('opens a record read-only for a viewer: disabled fields, no Save, no Delete, a note', async () => {
    const fetchMock = answers();
    renderAs('viewer', page(ROW._id), `/things/${ROW._id}`);
    const name = await screen.findByLabelText(ENCODER_LABELS.name);
    expect(name).toHaveValue('Studio A');
    expect(name).toBeDisabled();
    expect(screen.getByTestId('read-only-note')).toHaveTextContent(KIT_TEXTS.readOnly);
    expect(screen.queryByRole('button', { name: KIT_TEXTS.save })).toBeNull();
    expect(screen.getByRole('link', { name: KIT_TEXTS.backToList })).toHaveAttribute('href', PATHS.list);
    // The header's More menu holds no Delete.
    const more = screen.queryByRole('button', { name: KIT_TEXTS.moreNamed('Studio A') });
    if (more) {
      await user().click(more);
      expect(screen.queryByRole('menuitem', { name: KIT_TEXTS.delete })).toBeNull();
    }
    // Nothing was written.
    const writes = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method);
    expect(writes.filter(([, init]) => (init as RequestInit).method !== 'GET')).toEqual([]);
  });

  it('lets an editor edit the same record (enabled fields, Save)', async () => {
    answers();
    renderAs('editor', page(ROW._id), `/things/${ROW._id}`);
    const name = await screen.findByLabelText(ENCODER_LABELS.name);
    expect(name).toBeEnabled();
    expect(screen.getByRole('button', { name: KIT_TEXTS.save })).toBeInTheDocument();
    expect(screen.queryByTestId('read-only-note')).toBeNull();
  });

  it('tells a viewer on a create page that it may not create', async () => {
    answers();
    renderAs('viewer', page('new'), '/things/new');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(KIT_TEXTS.readOnlyCreate);
    expect(screen.queryByLabelText(ENCODER_LABELS.name)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: KIT_TEXTS.save })).toBeNull());
  });
});
