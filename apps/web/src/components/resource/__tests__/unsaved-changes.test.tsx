import { SLATE_LABELS, slateSchema } from '@cuepoint/core';
import { TextInput } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../../../lib/navigation.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { ResourceEditModal } from '../resource-edit-modal.tsx';
import { ResourceEditPage } from '../resource-edit-page.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { UnsavedChangesProvider } from '../unsaved-changes.tsx';
import { calls, makeSlate, slateApi, spyToasts } from './harness.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const paths = { list: '/slates', detail: (id: string) => `/slates/${id}` };

function SlatePage() {
  const { id = '' } = useParams();
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="?tab=2">Second tab</Link>
      <ResourceEditPage api={slateApi} schema={slateSchema} id={id} paths={paths} createTitle="New slate">
        {(form) => (
          <>
            <TextInput label={SLATE_LABELS.name} key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput
              label={SLATE_LABELS.videoUrl}
              key={form.key('videoUrl')}
              {...form.getInputProps('videoUrl')}
            />
          </>
        )}
      </ResourceEditPage>
    </>
  );
}

/** The console's root: the guard around every page (as app/root-layout.tsx renders it). */
const renderWithGuard = (path: string) =>
  renderRoutes(
    [
      {
        element: (
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        ),
        children: [
          { path: '/slates/:id', element: <SlatePage /> },
          { path: '/slates', element: <p>The list</p> },
          { path: '/elsewhere', element: <p>Somewhere else</p> },
          { path: '/login', element: <p>Sign in</p> },
        ],
      },
    ],
    path,
  );

const nameField = () => screen.getByRole('textbox', { name: SLATE_LABELS.name });
const question = () => screen.queryByRole('dialog', { name: KIT_TEXTS.unsavedTitle });
const user = () => userEvent.setup({ delay: null });

/** Whether the tab would ask before closing (its beforeunload was cancelled). */
const closingAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

async function openStored(record = makeSlate()) {
  const fetchMock = stubApi({ [`GET ssai/slate/${record._id}`]: () => jsonResponse(200, record) });
  const view = renderWithGuard(`/slates/${record._id}`);
  await waitFor(() => expect(nameField()).toHaveValue(record.name));
  return { ...view, fetchMock, record };
}

describe('a page with unsaved changes', () => {
  it('lets an untouched form go without a question', async () => {
    const { router } = await openStored();
    expect(closingAsks()).toBe(false);
    await user().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before a link leaves it: Keep editing stays with the changes, Discard changes leaves', async () => {
    const { router, record } = await openStored();
    const u = user();
    await u.type(nameField(), ' edited');
    await u.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: KIT_TEXTS.unsavedTitle });
    expect(dialog).toHaveTextContent(KIT_TEXTS.unsavedBody);
    expect(router.state.location.pathname).toBe(`/slates/${record._id}`);
    // Keep editing has the focus: Enter on a dialog that appeared unasked keeps the work.
    await waitFor(() => expect(screen.getByRole('button', { name: KIT_TEXTS.keepEditing })).toHaveFocus());
    await u.click(screen.getByRole('button', { name: KIT_TEXTS.keepEditing }));
    await waitFor(() => expect(question()).toBeNull());
    expect(router.state.location.pathname).toBe(`/slates/${record._id}`);
    expect(nameField()).toHaveValue('Fill edited');

    await u.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await u.click(await screen.findByRole('button', { name: KIT_TEXTS.discardChanges }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before the back button leaves it', async () => {
    const record = makeSlate();
    stubApi({ [`GET ssai/slate/${record._id}`]: () => jsonResponse(200, record) });
    const view = renderWithGuard('/elsewhere');
    await act(() => view.router.navigate(`/slates/${record._id}`));
    await waitFor(() => expect(nameField()).toHaveValue('Fill'));
    await user().type(nameField(), '!');
    await act(() => view.router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: KIT_TEXTS.unsavedTitle })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(`/slates/${record._id}`);
    await user().click(screen.getByRole('button', { name: KIT_TEXTS.discardChanges }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before the tab closes, and not once the changes are undone', async () => {
    await openStored();
    const u = user();
    await u.type(nameField(), 'X');
    expect(closingAsks()).toBe(true);
    await u.type(nameField(), '{Backspace}');
    expect(closingAsks()).toBe(false);
  });

  it('stays quiet within the page (a tab in the query string)', async () => {
    const { router, record } = await openStored();
    const u = user();
    await u.type(nameField(), 'X');
    await u.click(screen.getByRole('link', { name: 'Second tab' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(question()).toBeNull();
    expect(router.state.location.pathname).toBe(`/slates/${record._id}`);
  });

  it('lets go freely after a save', async () => {
    spyToasts();
    const record = makeSlate();
    const { router } = await openStored(record);
    stubApi({
      [`GET ssai/slate/${record._id}`]: () => jsonResponse(200, record),
      [`PUT ssai/slate/${record._id}`]: () => jsonResponse(200, { ...record, name: 'Fill 2', version: 4 }),
    });
    const u = user();
    await u.type(nameField(), ' 2');
    await u.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(closingAsks()).toBe(false));
    await u.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(question()).toBeNull();
  });

  it('opens the created record without a question', async () => {
    spyToasts();
    const created = makeSlate({ name: 'House fill', version: 1 });
    stubApi({
      'POST ssai/slate': () => jsonResponse(201, created),
      [`GET ssai/slate/${created._id}`]: () => jsonResponse(200, created),
    });
    const view = renderWithGuard('/slates/new');
    const u = user();
    await u.type(await screen.findByRole('textbox', { name: SLATE_LABELS.name }), 'House fill');
    await u.type(
      screen.getByRole('textbox', { name: SLATE_LABELS.videoUrl }),
      'https://cdn.example.com/h.mp4',
    );
    expect(closingAsks()).toBe(true);
    await u.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/slates/${created._id}`));
    expect(question()).toBeNull();
  });

  it('lets go after its record is deleted, changes or not', async () => {
    spyToasts();
    const { router, record } = await openStored();
    const fetchMock = stubApi({
      [`GET ssai/slate/${record._id}`]: () => jsonResponse(404, { statusCode: 404, message: 'gone' }),
      [`DELETE ssai/slate/${record._id}`]: () => jsonResponse(200, { _id: record._id }),
      'GET ssai/slate': () => jsonResponse(200, { items: [], total: 0 }),
    });
    const u = user();
    await u.type(nameField(), ' edited');
    await u.click(screen.getByRole('button', { name: KIT_TEXTS.moreNamed(record.name) }));
    await u.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', { name: /Delete/ });
    await u.click(
      [...confirm.querySelectorAll('button')].find((b) => b.textContent === KIT_TEXTS.delete) as HTMLElement,
    );
    expect(await screen.findByText('The list')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/slates');
    expect(question()).toBeNull();
    // The page was gone before the record's query was dropped: nothing asked for the record again.
    expect(calls(fetchMock)).toEqual([`DELETE ssai/slate/${record._id}`]);
  });

  it('never stops a navigation the console makes on its own (the session ended)', async () => {
    const { router } = await openStored();
    await user().type(nameField(), 'X');
    act(() => navigateTo('/login'));
    expect(await screen.findByText('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(question()).toBeNull();
  });
});

describe('a dialog with unsaved changes', () => {
  function renderDialog(onClose: () => void) {
    stubApi({});
    return renderRoutes(
      [
        {
          path: '/slates',
          element: (
            <UnsavedChangesProvider>
              <ResourceEditModal
                api={slateApi}
                schema={slateSchema}
                id={null}
                onClose={onClose}
                title={() => 'New slate'}
                loadingTitle="Slate"
              >
                {(form) => (
                  <TextInput
                    label={SLATE_LABELS.name}
                    key={form.key('name')}
                    {...form.getInputProps('name')}
                  />
                )}
              </ResourceEditModal>
            </UnsavedChangesProvider>
          ),
        },
      ],
      '/slates',
    );
  }

  it('closes at once while untouched', async () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    await user().click(await screen.findByRole('button', { name: KIT_TEXTS.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(question()).toBeNull();
  });

  it('asks on Cancel and on Escape; Keep editing keeps the dialog, Discard changes closes it', async () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    const u = user();
    await u.type(await screen.findByRole('textbox', { name: SLATE_LABELS.name }), 'Promo');
    await u.click(screen.getByRole('button', { name: KIT_TEXTS.cancel }));
    await u.click(await screen.findByRole('button', { name: KIT_TEXTS.keepEditing }));
    await waitFor(() => expect(question()).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: SLATE_LABELS.name })).toHaveValue('Promo');

    await u.keyboard('{Escape}');
    await u.click(await screen.findByRole('button', { name: KIT_TEXTS.discardChanges }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
