import { type NavigationEntry, RUNTIME_CONFIG_DEFAULTS, visibleNavigation } from '@cuepoint/core';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures.ts';
import { isEntryActive } from '../sidebar.tsx';

/** The real sidebar model of a main administrator (every entry of these tests is in it). */
const model = visibleNavigation(makeUser({ profile: { isMainAdmin: true } }), RUNTIME_CONFIG_DEFAULTS);
const entry = (id: string): NavigationEntry => {
  const find = (entries: readonly NavigationEntry[]): NavigationEntry | undefined =>
    entries.reduce<NavigationEntry | undefined>(
      (found, e) => found ?? (e.id === id ? e : e.children ? find(e.children) : undefined),
      undefined,
    );
  const found = find(model);
  if (!found) throw new Error(`no sidebar entry ${id}`);
  return found;
};

describe('isEntryActive', () => {
  it('is active on its own path and below it', () => {
    const live = entry('streams-live');
    expect(isEntryActive(live, '/streams-live')).toBe(true);
    expect(isEntryActive(live, '/streams-live/ch-7')).toBe(true);
    expect(isEntryActive(live, '/streams-live/ch-7/kibana')).toBe(true);
  });

  it('is not active on a sibling that only shares a prefix, nor elsewhere', () => {
    const live = entry('streams-live');
    expect(isEntryActive(live, '/streams-live-x')).toBe(false);
    expect(isEntryActive(live, '/streams-livex/1')).toBe(false);
    expect(isEntryActive(live, '/streams-vod')).toBe(false);
    expect(isEntryActive(live, '/')).toBe(false);
    expect(isEntryActive(entry('overview'), '/overviews')).toBe(false);
  });

  it("ignores the entry path's query (/configuration?tab=config)", () => {
    const configuration = entry('configuration');
    expect(configuration.path).toBe('/configuration?tab=config');
    expect(isEntryActive(configuration, '/configuration')).toBe(true);
    expect(isEntryActive(configuration, '/configuration/x')).toBe(true);
    expect(isEntryActive(configuration, '/configurations')).toBe(false);
  });

  it('is active on its `matches` prefixes (/monitoring/{ch_id})', () => {
    const monitoring = entry('monitoring');
    expect(monitoring.matches).toEqual(['/monitoring']);
    expect(isEntryActive(monitoring, '/monitoring/42')).toBe(true);
    expect(isEntryActive(monitoring, '/monitoring')).toBe(true);
    expect(isEntryActive(monitoring, '/monitoring-x')).toBe(false);
  });

  it('makes a group active when one of its children is', () => {
    const streams = entry('streams');
    expect(streams.path).toBeUndefined();
    expect(isEntryActive(streams, '/streams-vod/movie-1')).toBe(true);
    expect(isEntryActive(streams, '/streamer-addon')).toBe(true);
    expect(isEntryActive(streams, '/slates')).toBe(false);
    expect(isEntryActive(entry('system'), '/monitoring/42')).toBe(true);
    expect(isEntryActive(entry('system'), '/overview')).toBe(false);
  });

  it('works on hand-made entries too: nested groups, and an entry without path or children', () => {
    const nested: NavigationEntry = {
      id: 'outer',
      label: 'Outer',
      children: [
        { id: 'inner', label: 'Inner', children: [{ id: 'leaf', label: 'Leaf', path: '/deep/leaf' }] },
      ],
    };
    expect(isEntryActive(nested, '/deep/leaf/1')).toBe(true);
    expect(isEntryActive(nested, '/deep')).toBe(false);
    expect(isEntryActive({ id: 'manual', label: 'Manual', href: 'https://example.com/manual' }, '/')).toBe(
      false,
    );
  });
});
