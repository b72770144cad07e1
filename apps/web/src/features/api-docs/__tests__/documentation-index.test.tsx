/**
 * The manual's index (/documentation/cuemana): the API documentation pages the user sees (the
 * sidebar's rules and plan locks), the API's Swagger UI, the Knowledge Base and, with MANUAL=1,
 * the manual.
 */
import { RUNTIME_CONFIG_DEFAULTS, type RuntimeConfig } from '@cuepoint/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { API_DOCS_TEXTS } from '../texts.ts';
import { renderScreen } from './docs-fixtures.tsx';

vi.mock('../../../lib/runtime-config.ts', () => ({ runtimeConfig: vi.fn() }));

const T = API_DOCS_TEXTS.manual;
const configure = (overrides: Partial<RuntimeConfig> = {}) =>
  vi.mocked(runtimeConfig).mockReturnValue({ ...RUNTIME_CONFIG_DEFAULTS, ...overrides });

beforeEach(() => configure());

const section = (name: string) => screen.getByRole('region', { name });
const links = (name: string) =>
  within(section(name))
    .queryAllByRole('link')
    .map((link) => [link.textContent?.replace(API_DOCS_TEXTS.newTab, '').trim(), link.getAttribute('href')]);

describe('documentation index', () => {
  it('leads a customer to the guide, Swagger (locked outside Enterprise) and the Knowledge Base', async () => {
    renderScreen('index', { plan: 'standard' });
    await screen.findByRole('heading', { level: 1, name: 'API Documentation' });
    expect(links(T.apiTitle)).toEqual([['API Documentation', '/documentation/cuemana-ui']]);
    // The Swagger page and the server's Swagger UI are locked with the same badge and prompt.
    const api = section(T.apiTitle);
    expect(within(api).getByText('Swagger')).toBeVisible();
    expect(within(api).getByText(T.swaggerUi)).toBeVisible();
    const badges = within(api).getAllByRole('button', { name: /Enterprise/ });
    expect(badges).toHaveLength(2);
    await userEvent.click(badges[0]!);
    expect(await screen.findByRole('dialog', { name: 'Upgrade to Enterprise' })).toBeVisible();
    expect(within(api).queryByText('Admin API Documentation')).toBeNull();
    expect(links(T.helpTitle)).toEqual([[T.knowledgeBase, '/knowledge-base']]);
  });

  it('leads a main administrator to every page, /api/docs and, with MANUAL=1, the manual', async () => {
    configure({ MANUAL: 1, MANUAL_URL: 'https://manual.example/cuepoint', NEWAPIDOCS: 0 });
    renderScreen('index', { admin: true, plan: 'enterprise' });
    await screen.findByRole('heading', { level: 1, name: 'API Documentation' });
    expect(links(T.apiTitle)).toEqual([
      ['API Documentation', '/documentation/cuemana-ui-old'],
      ['Admin API Documentation', '/documentation/cuemana-ui-admin'],
      ['Swagger', '/documentation/swagger-ui'],
      [T.swaggerUi, '/api/docs/'],
    ]);
    expect(links(T.helpTitle)).toEqual([
      [T.knowledgeBase, '/knowledge-base'],
      [T.manual, 'https://manual.example/cuepoint'],
    ]);
    expect(within(section(T.helpTitle)).getByRole('link', { name: new RegExp(T.manual) })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('has no manual without its address, and says when the API documentation is off', async () => {
    configure({ MANUAL: 1, MANUAL_URL: '', APIDOC: 0 });
    renderScreen('index');
    expect(await screen.findByText(T.noApiDocs)).toBeVisible();
    expect(links(T.helpTitle)).toEqual([[T.knowledgeBase, '/knowledge-base']]);
  });
});
