import {
  VALIDATION_MESSAGES as M,
  PLATFORM_CONFIG_TEXTS,
  type PlatformConfig,
  type PlatformConfigHistory,
  type PlatformConfigValues,
} from '@cuepoint/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render-router.tsx';
import { CONFIGURATION_TEXTS as T } from '../texts.ts';

const L = PLATFORM_CONFIG_TEXTS.labels;
const ROUTES: RouteObject[] = [{ path: '/configuration', lazy: () => import('../routes/configuration.tsx') }];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const defaults: PlatformConfigValues = {
  ADHANDLER: 'http://console.test',
  ADREPORTURL: '/ads/impression',
  AWSTOTFURL: '',
  OLTOTFURL: '',
  OLADHANDLER: '',
  CDNBASE: '',
  cuemana_in: '',
  nodepool: {},
  version: { server: '0.1.0' },
  redisKey: 'cuepoint:',
  user_handler: {},
};

const config = (over: Partial<PlatformConfig> = {}): PlatformConfig => ({
  cluster: 'default',
  version: 2,
  changedBy: { _id: 'u1', email: 'admin@cuepoint.example' },
  note: 'cdn',
  restoredFrom: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  values: { ...defaults, ADHANDLER: '', CDNBASE: 'https://cdn.example.com', nodepool: { edge: 'edge-pool' } },
  defaults,
  ...over,
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label (a key the data plane reads also carries a badge in its label). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${escaped(label)}( |$)`));
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body)) as Record<string, unknown>;

describe('the Configuration screen', () => {
  it('shows the configuration in force in a form, with its version and who changed it', async () => {
    stubApi({ 'GET config/get': () => jsonResponse(200, config()) });
    renderRoutes(ROUTES, '/configuration?tab=config');
    await screen.findByText(T.inForce(2));
    expect(screen.getByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: T.tabs.config })).toHaveAttribute('aria-selected', 'true');
    expect(field(L.CDNBASE)).toHaveValue('https://cdn.example.com');
    // URLs and keys read left to right in any direction.
    for (const label of [L.CDNBASE, L.ADHANDLER, L.redisKey, L.nodepool])
      expect(field(label).closest('[dir]')?.getAttribute('dir'), label).toBe('ltr');
    expect(field(L.ADHANDLER)).toHaveValue('');
    expect(field(L.ADHANDLER)).toHaveAttribute('placeholder', T.defaultHint('http://console.test'));
    expect(field(L.redisKey)).toHaveValue('cuepoint:');
    expect(field(L.nodepool)).toHaveValue('{\n  "edge": "edge-pool"\n}');
    expect(screen.getByText('admin@cuepoint.example')).toBeInTheDocument();
  });

  it('says when the defaults are in force, and shows a load failure with Try again', async () => {
    let fail = true;
    stubApi({
      'GET config/get': () =>
        fail
          ? jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'Broken' })
          : jsonResponse(200, config({ version: 0, createdAt: null, changedBy: null, values: defaults })),
    });
    renderRoutes(ROUTES, '/configuration?tab=config');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadFailed)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: T.tryAgain }));
    expect(await screen.findByText(T.defaultsNote)).toBeInTheDocument();
    expect(screen.getByText(T.inForce(0))).toBeInTheDocument();
  });

  it('shows the spec’s messages under the fields and saves nothing while any is wrong', async () => {
    const fetchMock = stubApi({ 'GET config/get': () => jsonResponse(200, config()) });
    renderRoutes(ROUTES, '/configuration?tab=config');
    await screen.findByText(T.inForce(2));
    await userEvent.clear(field(L.redisKey));
    fireEvent.blur(field(L.redisKey));
    expect(await screen.findByText(M.redisKeyRequired)).toBeInTheDocument();
    await userEvent.clear(field(L.CDNBASE));
    await userEvent.type(field(L.CDNBASE), 'not a url');
    fireEvent.blur(field(L.CDNBASE));
    expect(await screen.findByText(M.invalidUrl)).toBeInTheDocument();
    fireEvent.change(field(L.nodepool), { target: { value: '{"1x": "a"}' } });
    fireEvent.blur(field(L.nodepool));
    expect(await screen.findByText(M.configJson)).toBeInTheDocument();
    fireEvent.change(field(L.user_handler), { target: { value: '' } });
    fireEvent.blur(field(L.user_handler));
    expect(await screen.findByText(M.setDefaultConfig)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('saves a new version with the version read and a note, and puts the server’s messages under the fields', async () => {
    let answer: 'ok' | 'fields' = 'fields';
    const sent: Record<string, unknown>[] = [];
    stubApi({
      'GET config/get': () => jsonResponse(200, config()),
      'PUT config/save': (init) => {
        sent.push(bodyOf(init));
        return answer === 'fields'
          ? jsonResponse(400, {
              statusCode: 400,
              error: 'Bad Request',
              message: 'values.OLTOTFURL: Invalid URL',
              fields: [{ field: 'values.OLTOTFURL', message: 'Refused by the server' }],
            })
          : jsonResponse(
              200,
              config({ version: 3, values: { ...config().values, CDNBASE: 'https://new.example.com' } }),
            );
      },
    });
    renderRoutes(ROUTES, '/configuration?tab=config');
    await screen.findByText(T.inForce(2));
    await userEvent.clear(field(L.CDNBASE));
    await userEvent.type(field(L.CDNBASE), 'https://new.example.com');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${T.note}`)), 'move to the new CDN');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText('Refused by the server')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      cluster: 'default',
      version: 2,
      note: 'move to the new CDN',
      values: {
        ADHANDLER: '',
        ADREPORTURL: '/ads/impression',
        AWSTOTFURL: '',
        OLTOTFURL: '',
        OLADHANDLER: '',
        CDNBASE: 'https://new.example.com',
        cuemana_in: '',
        nodepool: '{\n  "edge": "edge-pool"\n}',
        version: '{\n  "server": "0.1.0"\n}',
        redisKey: 'cuepoint:',
        user_handler: '{}',
      },
    });
    answer = 'ok';
    const success = vi.spyOn(toast, 'success');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(T.saved(3)));
    await waitFor(() => expect(field(L.CDNBASE)).toHaveValue('https://new.example.com'));
  });

  it('offers to reload when someone else saved meanwhile (409)', async () => {
    let version = 2;
    stubApi({
      'GET config/get': () => jsonResponse(200, config({ version })),
      'PUT config/save': () => {
        version = 3;
        return jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: PLATFORM_CONFIG_TEXTS.stale,
          currentVersion: 3,
        });
      },
    });
    renderRoutes(ROUTES, '/configuration?tab=config');
    await screen.findByText(T.inForce(2));
    await userEvent.type(field(L.cuemana_in), 'https://in.example.com');
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.stale)).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: T.reload }));
    expect(await screen.findByText(T.inForce(3))).toBeInTheDocument();
    expect(screen.queryByText(T.stale)).not.toBeInTheDocument();
  });

  it('lists the versions, compares two side by side and restores one after asking', async () => {
    const history: PlatformConfigHistory = {
      cluster: 'default',
      current: 2,
      total: 2,
      versions: [
        {
          cluster: 'default',
          version: 2,
          changedBy: { _id: 'u1', email: 'admin@cuepoint.example' },
          note: 'cdn',
          restoredFrom: null,
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        {
          cluster: 'default',
          version: 1,
          changedBy: { _id: 'u2', email: 'ops@cuepoint.example' },
          note: 'first',
          restoredFrom: null,
          createdAt: '2026-02-01T10:00:00.000Z',
        },
      ],
    };
    const restored: Record<string, unknown>[] = [];
    const fetchMock = stubApi({
      'GET config/get': () => jsonResponse(200, config()),
      'GET config/versions': () => jsonResponse(200, history),
      'GET config/compare': () =>
        jsonResponse(200, {
          cluster: 'default',
          from: config({ version: 1 }),
          to: config(),
          changes: [{ key: 'CDNBASE', from: '', to: 'https://cdn.example.com' }],
        }),
      'POST config/restore': (init) => {
        restored.push(bodyOf(init));
        return jsonResponse(200, config({ version: 3, restoredFrom: 1 }));
      },
    });
    const { router } = renderRoutes(ROUTES, '/configuration?tab=config');
    await screen.findByText(T.inForce(2));
    await userEvent.click(screen.getByRole('tab', { name: T.tabs.history }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=history'));
    const table = await screen.findByRole('table', { name: T.historyCaption });
    expect(within(table).getByText('ops@cuepoint.example')).toBeInTheDocument();
    expect(within(table).getByText(T.current)).toBeInTheDocument();

    const compare = screen.getByRole('button', { name: T.compare });
    expect(compare).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: T.compareSelect(2) }));
    await userEvent.click(screen.getByRole('checkbox', { name: T.compareSelect(1) }));
    await userEvent.click(compare);
    const diff = await screen.findByRole('region', { name: T.compareTitle(1, 2) });
    expect(await within(diff).findByText('https://cdn.example.com')).toBeInTheDocument();
    expect(within(diff).getByText(L.CDNBASE)).toBeInTheDocument();
    expect(within(diff).getByText(T.empty)).toBeInTheDocument();
    const compareUrl = new URL(
      String(fetchMock.mock.calls.find(([url]) => String(url).includes('config/compare'))![0]),
      'http://localhost',
    );
    expect(Object.fromEntries(compareUrl.searchParams)).toEqual({ cluster: 'default', from: '1', to: '2' });

    // The version in force has no Restore; an earlier one asks first, Cancel focused.
    expect(screen.queryByRole('button', { name: T.restoreVersion(2) })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.restoreVersion(1) }));
    const dialog = await screen.findByRole('dialog', { name: T.restoreTitle(1) });
    expect(within(dialog).getByText(T.restoreQuestion(1, 3))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(restored).toEqual([]);

    const success = vi.spyOn(toast, 'success');
    await userEvent.click(screen.getByRole('button', { name: T.restoreVersion(1) }));
    const again = await screen.findByRole('dialog', { name: T.restoreTitle(1) });
    await userEvent.type(within(again).getByLabelText(T.restoreNote), 'back to the origin');
    await userEvent.click(within(again).getByRole('button', { name: T.restore }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(T.restored(1, 3)));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(restored).toEqual([{ cluster: 'default', version: 2, restore: 1, note: 'back to the origin' }]);
  });
});
