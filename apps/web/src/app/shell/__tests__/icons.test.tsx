/**
 * One icon per concept (components/icons.tsx; issue "The console as users meet it", point 10): the map in icons.tsx
 * gives each concept its own drawing, and the sidebar and the pages (the Overview's tiles, a
 * list's empty state, Logs and row menu, a record's header) draw a concept with the map's icon.
 */
import {
  ENCODER_LABELS,
  entryPath,
  type NavigationEntry,
  RESOURCES,
  RUNTIME_CONFIG_DEFAULTS,
  type User,
  visibleNavigation,
} from '@cuepoint/core';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Concept, ICONS, type Icon, NAV_CONCEPTS, NAV_ICONS } from '../../../components/icons.tsx';
import { encoderApi, makeEncoder, renderAt } from '../../../components/resource/__tests__/harness.tsx';
import { LogsButton } from '../../../components/resource/list-toolbar.tsx';
import { RecordHeader } from '../../../components/resource/record-header.tsx';
import { ResourceList } from '../../../components/resource/resource-list.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { SidebarNav } from '../sidebar.tsx';

/** The drawing an icon component renders (its `data-icon`). */
function drawingOf(Drawing: Icon): string {
  const { container, unmount } = render(<Drawing />);
  const name = container.querySelector('svg')?.getAttribute('data-icon');
  unmount();
  expect(name).toBeTruthy();
  return name!;
}

/** The drawing of the first icon inside an element. */
const drawingIn = (element: Element) => element.querySelector('svg[data-icon]')?.getAttribute('data-icon');

const admin = makeUser({ _id: 'u-admin', email: 'root@example.com', profile: { isMainAdmin: true } });
const flat = (entries: readonly NavigationEntry[]): NavigationEntry[] =>
  entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
/** Every sidebar entry there is: a main administrator's, with every optional entry switched on. */
const ALL_ENTRIES = visibleNavigation(admin, {
  ...RUNTIME_CONFIG_DEFAULTS,
  APIDOC: 1,
  MONITOR: 1,
  PLAYOUT: 1,
  SHOWPODS: 1,
});

describe('the icon map', () => {
  it('gives each concept a drawing of its own', () => {
    const byDrawing = new Map<string, Concept[]>();
    for (const [concept, Drawing] of Object.entries(ICONS) as [Concept, Icon][]) {
      const drawing = drawingOf(Drawing);
      byDrawing.set(drawing, [...(byDrawing.get(drawing) ?? []), concept]);
    }
    const shared = [...byDrawing.entries()].filter(([, concepts]) => concepts.length > 1);
    expect(shared).toEqual([]);
  });

  it('names the concept of every sidebar entry', () => {
    const ids = flat(ALL_ENTRIES).map((e) => e.id);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id) => !NAV_CONCEPTS[id])).toEqual([]);
  });
});

describe('the sidebar', () => {
  it('draws each entry with its concept’s icon from the map', () => {
    const { container } = render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/overview']}>
          <SidebarNav entries={ALL_ENTRIES} size="normal" onNavigate={() => {}} plan="enterprise" />
        </MemoryRouter>
      </MantineProvider>,
    );
    const items = [...container.querySelectorAll('[data-nav-id]')];
    expect(items.length).toBe(flat(ALL_ENTRIES).length);
    for (const item of items) {
      const id = item.getAttribute('data-nav-id')!;
      expect(drawingIn(item), id).toBe(drawingOf(ICONS[NAV_CONCEPTS[id]!]));
    }
  });
});

describe('the pages', () => {
  it('the Overview’s tiles: the icon of the sidebar entry each leads to', async () => {
    const customer = makeUser();
    signIn(customer);
    stubApi({
      [`GET user/getUser/${customer._id}`]: () => jsonResponse(200, customer),
      'GET overview/summary': () =>
        jsonResponse(200, {
          scope: 'customer',
          counts: { liveStreams: 2, vodAssets: 9, streamerChannels: 1, slates: 2, encoders: 1 },
          recentAlarms: [],
        }),
    });
    renderApp('/overview');
    const tiles = await screen.findByTestId('overview-counts');
    const entries = flat(visibleNavigation(customer as User, RUNTIME_CONFIG_DEFAULTS));
    const cards = [...tiles.querySelectorAll('[data-tile]')];
    expect(cards.length).toBe(5);
    for (const card of cards) {
      const href = within(card as HTMLElement)
        .getByRole('link')
        .getAttribute('href')!
        .replace(/^\/app/, '');
      const entry = entries.find((e) => e.path === href);
      expect(entry, href).toBeDefined();
      expect(drawingIn(card), href).toBe(drawingOf(NAV_ICONS[entry!.id]!));
    }
    expect(entryPath('streams-live')).toBe(RESOURCES.liveStream.screenPath);
  });

  it('a list: its empty state shows the resource’s sidebar icon; and Logs its own', async () => {
    stubApi({ 'GET ssai/encoder': () => jsonResponse(200, { data: [], total: 0 }) });
    renderAt(
      <ResourceList
        spec={RESOURCES.encoder}
        api={encoderApi}
        columns={[{ key: 'name', label: ENCODER_LABELS.name }]}
        rowHref={(row) => `/things/${row._id}`}
        actions={<LogsButton to="/things/kibana" />}
      />,
    );
    const empty = await screen.findByTestId('list-empty');
    expect(drawingIn(empty)).toBe(drawingOf(NAV_ICONS[RESOURCES.encoder.navigationEntry]!));
    expect(drawingIn(screen.getByRole('link', { name: KIT_TEXTS.logs }))).toBe(drawingOf(ICONS.logs));
  });

  it('a list row’s menu: More’s and Delete’s icons', async () => {
    const row = makeEncoder({ name: 'Studio A' });
    stubApi({ 'GET ssai/encoder': () => jsonResponse(200, { data: [row], total: 1 }) });
    renderAt(
      <ResourceList
        spec={RESOURCES.encoder}
        api={encoderApi}
        columns={[{ key: 'name', label: ENCODER_LABELS.name }]}
        rowHref={(r) => `/things/${r._id}`}
      />,
    );
    const button = await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('Studio A') });
    expect(drawingIn(button)).toBe(drawingOf(ICONS.more));
    await userEvent.setup({ delay: null }).click(button);
    const remove = await screen.findByRole('menuitem', { name: KIT_TEXTS.delete });
    expect(drawingIn(remove)).toBe(drawingOf(ICONS.delete));
  });

  it('a record’s header: the resource’s sidebar icon by its type, Logs’ and Delete’s icons', async () => {
    stubApi({});
    const record = makeEncoder({ name: 'Studio A' });
    renderAt(<RecordHeader api={encoderApi} record={record} logsTo="/things/logs" />);
    const type = screen.getByText(RESOURCES.encoder.label).parentElement!;
    expect(drawingIn(type)).toBe(drawingOf(NAV_ICONS[RESOURCES.encoder.navigationEntry]!));
    expect(drawingIn(screen.getByRole('link', { name: KIT_TEXTS.logs }))).toBe(drawingOf(ICONS.logs));
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Studio A') }));
    const remove = await screen.findByRole('menuitem', { name: KIT_TEXTS.delete });
    expect(drawingIn(remove)).toBe(drawingOf(ICONS.delete));
  });
});
