/**
 * The API documentation screens, each from the same small OpenAPI document (GET /api/docs/json):
 * the Swagger explorer, the guide, the administrators' guide and the old compact reference, with
 * the document's loading failure and the plan lock.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_STATE_TEXTS } from '../../../components/query-state.tsx';
import { onSettingsDialogRequest } from '../../../lib/settings-dialogs.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { API_DOCS_TEXTS as T } from '../texts.ts';
import { ADMIN_ONLY, DOCUMENT, FOR_CUSTOMERS, renderScreen, stubDocument } from './docs-fixtures.tsx';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The operations a screen shows (each carries data-operation), in page order. */
const shownOperations = () =>
  [...document.querySelectorAll('[data-operation]')].map((node) => node.getAttribute('data-operation'));
/** The tag sections or tables, in page order. */
const shownTags = () =>
  [...document.querySelectorAll('[data-tag]')].map((node) => node.getAttribute('data-tag'));
const inTag = (tag: string) => document.querySelector(`[data-tag="${tag}"]`) as HTMLElement;

describe('Swagger explorer (/documentation/swagger-ui)', () => {
  it('shows every operation by tag, each opening onto its parameters, body and responses', async () => {
    const fetchMock = stubDocument();
    renderScreen('swagger');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuepoint API' })).toBeVisible();
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').pathname).toBe('/api/docs/json');
    expect(screen.getByText(T.version('9.8.7'))).toBeVisible();
    expect(shownTags()).toEqual(['system', 'ssai/ds', 'alarm', 'schedule']);
    expect(shownOperations().sort()).toEqual([...ADMIN_ONLY, ...FOR_CUSTOMERS].sort());
    expect(within(inTag('ssai/ds')).getByRole('heading', { level: 2, name: 'ssai/ds' })).toBeVisible();
    expect(within(inTag('ssai/ds')).getByText(T.operations(3))).toBeVisible();
    // An administrator's operation says so.
    expect(within(inTag('alarm')).getByText(T.adminOnly)).toBeVisible();
    // Swagger UI itself, in a new tab.
    expect(screen.getByRole('link', { name: new RegExp(T.openSwaggerUi) })).toHaveAttribute(
      'href',
      '/api/docs/',
    );

    // Opened with the keyboard: its parameters, and the response's fields (the $ref resolved).
    const list = within(inTag('ssai/ds')).getByRole('button', {
      name: /GET\s*\/api\/ssai\/ds\b.*Live streams/,
    });
    expect(list).toHaveAttribute('aria-expanded', 'false');
    list.focus();
    await userEvent.keyboard('{Enter}');
    expect(list).toHaveAttribute('aria-expanded', 'true');
    const parameters = await screen.findByRole('table', { name: `${T.parameters}: GET /api/ssai/ds` });
    expect(within(parameters).getByText('page')).toBeVisible();
    expect(within(parameters).getByText('Part of a name')).toBeVisible();
    const details = document.querySelector('[data-operation="GET /api/ssai/ds"]') as HTMLElement;
    const ok = details.querySelector('[data-response="200"]') as HTMLElement;
    expect(within(ok).getByText('total')).toBeInTheDocument();
    expect(within(ok).getByText('adMarkers')).toBeInTheDocument();
    expect(details.querySelector('[data-response="401"]')).toHaveTextContent('Not signed in');

    // The request body of the create call.
    await userEvent.click(within(inTag('ssai/ds')).getByRole('button', { name: /POST\s*\/api\/ssai\/ds/ }));
    const create = document.querySelector('[data-operation="POST /api/ssai/ds"]') as HTMLElement;
    expect(await within(create).findByRole('heading', { name: new RegExp(T.requestBody) })).toBeVisible();
    expect(within(create).getByText('sourceUrl')).toBeInTheDocument();
  });

  it('filters the operations', async () => {
    stubDocument();
    renderScreen('swagger');
    await screen.findByRole('heading', { level: 2, name: 'Cuepoint API' });
    await userEvent.type(screen.getByRole('searchbox', { name: T.filter }), 'trigger');
    await waitFor(() => expect(shownOperations()).toEqual(['POST /api/schedule/events/{id}/trigger']));
    await userEvent.clear(screen.getByRole('searchbox', { name: T.filter }));
    await userEvent.type(screen.getByRole('searchbox', { name: T.filter }), 'nothing-like-this');
    expect(await screen.findByText(T.noMatch('nothing-like-this'))).toBeVisible();
  });

  it('says when the document cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    stubApi({
      'GET docs/json': () =>
        fail
          ? jsonResponse(503, {
              statusCode: 503,
              error: 'Service Unavailable',
              message: 'Down for maintenance',
            })
          : jsonResponse(200, DOCUMENT),
    });
    renderScreen('swagger');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.failed);
    expect(alert).toHaveTextContent('Down for maintenance');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: QUERY_STATE_TEXTS.tryAgain }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuepoint API' })).toBeVisible();
  });

  it('says when the answer is no OpenAPI document', async () => {
    stubDocument({ hello: 'world' });
    renderScreen('swagger');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.invalid);
  });

  it('is locked outside the Enterprise plan, as its sidebar entry', async () => {
    const fetchMock = stubDocument();
    renderScreen('swagger', { plan: 'standard' });
    expect(await screen.findByRole('button', { name: 'Upgrade' })).toBeVisible();
    expect(document.querySelector('[data-plan-lock="enhanced_api"]')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('API guide (/documentation/cuemana-ui)', () => {
  it('shows the customers’ operations by tag, each with a curl example on the console’s /api', async () => {
    stubDocument();
    renderScreen('guide', { plan: 'standard' });
    const origin = window.location.origin;
    expect(await screen.findByText(`${origin}/api`)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Authorization: Bearer <token>')).toHaveAttribute('dir', 'ltr');
    expect(shownTags()).toEqual(['system', 'ssai/ds', 'schedule']);
    expect(shownOperations()).toEqual(FOR_CUSTOMERS);
    // A table of contents leads to each tag.
    const contents = screen.getByRole('navigation', { name: T.contents });
    const jump = within(contents).getByRole('link', { name: 'ssai/ds' });
    expect(jump).toHaveAttribute('href', '#api-ssai-ds');
    await userEvent.click(jump);
    expect(screen.getByRole('heading', { level: 2, name: 'ssai/ds' })).toHaveFocus();

    const list = screen.getByRole('article', { name: 'GET /api/ssai/ds' });
    expect(within(list).getByText('Live streams: one page, sorted, searched and filtered')).toBeVisible();
    expect(within(list).getByRole('table', { name: `${T.parameters}: GET /api/ssai/ds` })).toHaveTextContent(
      'page',
    );
    const example = within(list).getByRole('region', { name: T.codeExample('GET /api/ssai/ds') });
    expect(example).toHaveAttribute('dir', 'ltr');
    expect(example).toHaveTextContent(`curl -X GET '${origin}/api/ssai/ds'`);
    expect(example).toHaveTextContent("-H 'Authorization: Bearer <token>'");
    expect(
      within(list).getByRole('button', { name: `Copy ${T.codeExample('GET /api/ssai/ds')}` }),
    ).toBeVisible();

    const remove = document.querySelector('[data-operation="DELETE /api/ssai/ds/{id}"]') as HTMLElement;
    expect(within(remove).getByRole('region')).toHaveTextContent(
      `curl -X DELETE '${origin}/api/ssai/ds/<id>'`,
    );
    // A public call needs no token.
    const health = document.querySelector('[data-operation="GET /api/health"]') as HTMLElement;
    expect(within(health).getByRole('region')).not.toHaveTextContent('Authorization');
  });

  it('says where the account’s API token is, never printing a token', async () => {
    stubDocument();
    const opened: string[] = [];
    const stop = onSettingsDialogRequest((dialog) => opened.push(dialog));
    try {
      renderScreen('guide', { enableAPI: true });
      expect(await screen.findByText(T.guide.tokenEnabled)).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: T.guide.openAccount }));
      expect(opened).toEqual(['account']);
      // The session's own bearer token (test/fixtures signIn) is nowhere in the page.
      expect(localStorage.getItem('currentUser')).toBe('token-1');
      expect(document.body.textContent).not.toContain('token-1');
    } finally {
      stop();
    }
  });

  it('says how to get a token when API access is off', async () => {
    stubDocument();
    renderScreen('guide', { enableAPI: false });
    expect(await screen.findByText(T.guide.tokenDisabled)).toBeVisible();
  });

  it('says when the document cannot be loaded', async () => {
    stubApi({ 'GET docs/json': () => jsonResponse(500, { statusCode: 500, message: 'Boom' }) });
    renderScreen('guide');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.failed);
  });
});

describe('Admin API guide (/documentation/cuemana-ui-admin)', () => {
  it('shows only the operations a main administrator alone may call', async () => {
    stubDocument();
    renderScreen('admin', { admin: true });
    expect(await screen.findByRole('article', { name: 'GET /api/alarm/alarms' })).toBeVisible();
    expect(shownOperations()).toEqual(ADMIN_ONLY);
    expect(shownTags()).toEqual(['alarm', 'schedule']);
    expect(screen.getByText(T.admin.auth)).toBeVisible();
    expect(screen.getByText(T.admin.authNote)).toBeVisible();
    const example = screen.getByRole('region', { name: T.codeExample('GET /api/alarm/alarms') });
    expect(example).toHaveTextContent(`curl -X GET '${window.location.origin}/api/alarm/alarms'`);
    expect(example).toHaveTextContent('Bearer <token>');
  });

  it('says so when the document marks no such operation', async () => {
    const paths = Object.fromEntries(
      Object.entries(DOCUMENT.paths).filter(([path]) => !/alarm|schedule\/events$/.test(path)),
    );
    stubDocument({ ...DOCUMENT, paths });
    renderScreen('admin', { admin: true });
    expect(await screen.findByText(T.admin.empty)).toBeVisible();
  });

  it('says when the document cannot be loaded', async () => {
    stubApi({ 'GET docs/json': () => jsonResponse(500, { statusCode: 500, message: 'Boom' }) });
    renderScreen('admin', { admin: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.failed);
  });
});

describe('API reference (/documentation/cuemana-ui-old)', () => {
  it('shows one table of method, path and summary per tag, and filters it', async () => {
    stubDocument();
    renderScreen('reference', { plan: 'standard' });
    const ds = await screen.findByRole('table', { name: T.reference.caption('ssai/ds') });
    expect(shownTags()).toEqual(['system', 'ssai/ds', 'schedule']);
    const rows = within(ds).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'GET/api/ssai/dsLive streams: one page, sorted, searched and filtered',
      'POST/api/ssai/dsCreate a live stream',
      'DELETE/api/ssai/ds/{id}Delete a live stream',
    ]);
    expect(screen.queryByText('/api/alarm/alarms')).toBeNull();

    const filter = screen.getByRole('searchbox', { name: T.filter });
    await userEvent.type(filter, 'delete');
    await waitFor(() => expect(shownOperations()).toEqual(['DELETE /api/ssai/ds/{id}']));
    expect(screen.getAllByRole('table')).toHaveLength(1);
    await userEvent.clear(filter);
    await userEvent.type(filter, 'no such call');
    expect(await screen.findByText(T.noMatch('no such call'))).toBeVisible();
    await userEvent.clear(filter);
    await waitFor(() => expect(shownOperations()).toEqual(FOR_CUSTOMERS));
  });

  it('says when the document cannot be loaded', async () => {
    stubApi({ 'GET docs/json': () => jsonResponse(500, { statusCode: 500, message: 'Boom' }) });
    renderScreen('reference');
    expect(await screen.findByRole('alert')).toHaveTextContent(T.failed);
  });
});
