/** The resource registry, references between resources, can() and the resource texts. */
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/paths.ts';
import { RUNTIME_CONFIG_DEFAULTS } from '../../config/runtime-config.ts';
import { isEntryVisible, type NavigationFlags, visibleNavigation } from '../../navigation/navigation.ts';
import { can, RESOURCE_ACTIONS } from '../permissions.ts';
import { RESOURCE_KINDS, RESOURCE_REFERENCES, RESOURCES, referencedIds } from '../registry.ts';
import { RESOURCE_TEXTS } from '../texts.ts';

const FLAGS: NavigationFlags = {
  PLAYOUT: 1,
  ENCODER: 1,
  APIDOC: 1,
  MONITOR: 1,
  MANUAL: 0,
  NEWAPIDOCS: 1,
  SHOWPODS: 1,
};
const customerUser = { profile: { isMainAdmin: false }, customerObj: [{ paymentCustomerId: null }] };
const A = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';
const B = '0b6f2f0e-43a1-4b47-9f5e-5b5d0c8f3e21';

describe('RESOURCES', () => {
  it('lists the eleven resources under the contract’s API paths', () => {
    expect(Object.keys(RESOURCES)).toEqual([...RESOURCE_KINDS]);
    expect(Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, RESOURCES[kind].apiPath]))).toEqual({
      liveStream: '/ssai/ds',
      vod: '/ssai/vod',
      slate: '/ssai/slate',
      streamer: '/ssai/streamer',
      encoder: '/ssai/encoder',
      advertiser: '/ssai/advertiser',
      campaign: '/ssai/campaign',
      creative: '/ssai/creative',
      placement: '/ssai/placement',
      bundle: '/ssai/bundle',
      pod: '/ssai/pod',
    });
    for (const kind of RESOURCE_KINDS) expect(RESOURCES[kind].kind).toBe(kind);
  });

  it('names each resource once, singular and plural', () => {
    const labels = RESOURCE_KINDS.map((kind) => RESOURCES[kind].label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const kind of RESOURCE_KINDS) expect(RESOURCES[kind].plural).not.toBe(RESOURCES[kind].label);
  });

  it('ties each resource to a sidebar entry whose path is its screen', () => {
    const paths = new Map<string, string | undefined>();
    const walk = (entries: ReturnType<typeof visibleNavigation>) => {
      for (const entry of entries) {
        paths.set(entry.id, entry.path);
        if (entry.children) walk(entry.children);
      }
    };
    walk(visibleNavigation(customerUser, FLAGS));
    for (const kind of RESOURCE_KINDS) {
      const spec = RESOURCES[kind];
      expect(paths.get(spec.navigationEntry), kind).toBe(spec.screenPath);
    }
  });

  it('shows every resource to a customer user, the encoder only with ENCODER=1 (on by default)', () => {
    for (const kind of RESOURCE_KINDS) {
      expect(isEntryVisible(RESOURCES[kind].navigationEntry, customerUser, FLAGS)).toBe(true);
    }
    const noEncoder = { ...FLAGS, ENCODER: 0 };
    expect(isEntryVisible(RESOURCES.encoder.navigationEntry, customerUser, noEncoder)).toBe(false);
    expect(isEntryVisible(RESOURCES.slate.navigationEntry, customerUser, noEncoder)).toBe(true);
    expect(RUNTIME_CONFIG_DEFAULTS.ENCODER).toBe(1);
  });
});

describe('the trash of restorable resources', () => {
  it('is the campaign’s alone, with a trash list and a restore call under its collection', () => {
    expect(RESOURCE_KINDS.filter((kind) => RESOURCES[kind].restorable)).toEqual(['campaign']);
    expect(Object.keys(API_PATHS.resourceTrash)).toEqual(['campaign']);
    expect(API_PATHS.resourceTrash.campaign).toEqual({
      list: `${API_PATHS.resources.campaign}/deleted`,
      restore: `${API_PATHS.resources.campaign}/:id/restore`,
    });
  });
});

describe('admin-only fields', () => {
  it('are the advertiser’s admin note alone', () => {
    expect(
      Object.fromEntries(
        RESOURCE_KINDS.filter((kind) => RESOURCES[kind].adminOnlyFields).map((kind) => [
          kind,
          RESOURCES[kind].adminOnlyFields,
        ]),
      ),
    ).toEqual({ advertiser: ['adminNote'] });
  });

  it('are fields of the resource defaulting to an empty text, never searched, sorted or filtered on', () => {
    for (const kind of RESOURCE_KINDS) {
      const { defaults, list } = RESOURCES[kind];
      for (const field of RESOURCES[kind].adminOnlyFields ?? []) {
        expect((defaults as Record<string, unknown>)[field], field).toBe('');
        expect(list.searchFields).not.toContain(field);
        expect(list.sortKeys).not.toContain(field);
        expect(Object.keys(list.filters)).not.toContain(field);
      }
    }
  });
});

describe('RESOURCE_REFERENCES', () => {
  it('are the slates, VOD assets and bundles of streams, and the demand resources’ links', () => {
    expect(RESOURCE_REFERENCES).toEqual([
      { from: 'liveStream', field: 'slateId', to: 'slate' },
      { from: 'streamer', field: 'slateId', to: 'slate' },
      { from: 'streamer', field: 'items[].vodId', to: 'vod' },
      { from: 'liveStream', field: 'bundles[].bundleId', to: 'bundle' },
      { from: 'vod', field: 'bundleId', to: 'bundle' },
      { from: 'campaign', field: 'advertiserId', to: 'advertiser', message: 'required *' },
      { from: 'campaign', field: 'placementIds[]', to: 'placement', message: 'Placements is required' },
      { from: 'campaign', field: 'creativeIds[]', to: 'creative' },
      { from: 'campaign', field: 'targetLiveStreamIds[]', to: 'liveStream' },
      { from: 'campaign', field: 'targetVodIds[]', to: 'vod' },
      { from: 'creative', field: 'advertiserId', to: 'advertiser' },
      { from: 'placement', field: 'liveStreamIds[]', to: 'liveStream' },
      { from: 'placement', field: 'vodIds[]', to: 'vod' },
      { from: 'bundle', field: 'podId', to: 'pod' },
      { from: 'bundle', field: 'sources[].campaignIds[]', to: 'campaign' },
    ]);
  });

  it('name fields the referring resource has, in one of the four forms', () => {
    for (const { from, field } of RESOURCE_REFERENCES) {
      expect(field).toMatch(/^\w+(\[\])?(\.\w+(\[\])?)?$/);
      expect(Object.keys(RESOURCES[from].defaults)).toContain(field.split(/[.[]/)[0]);
    }
  });

  it('read ids from each resource’s own sample data', () => {
    const fields = (from: string) =>
      RESOURCE_REFERENCES.filter((r) => r.from === from).map((r) => [
        r.field,
        referencedIds(DATA[from]!, r.field),
      ]);
    const DATA: Record<string, Record<string, unknown>> = {
      campaign: {
        advertiserId: A,
        placementIds: [A, B],
        creativeIds: [B],
        targetLiveStreamIds: [],
        targetVodIds: [A],
      },
      bundle: {
        podId: null,
        sources: [
          { type: 'campaigns', campaignIds: [A, B] },
          { type: 'vast', campaignIds: [] },
          { type: 'campaigns', campaignIds: [B] },
        ],
      },
      liveStream: {
        slateId: A,
        bundles: [
          { name: 'x', bundleId: B },
          { name: 'y', bundleId: null },
        ],
      },
    };
    expect(fields('campaign')).toEqual([
      ['advertiserId', [A]],
      ['placementIds[]', [A, B]],
      ['creativeIds[]', [B]],
      ['targetLiveStreamIds[]', []],
      ['targetVodIds[]', [A]],
    ]);
    expect(fields('bundle')).toEqual([
      ['podId', []],
      ['sources[].campaignIds[]', [A, B, B]],
    ]);
    expect(fields('liveStream')).toEqual([
      ['slateId', [A]],
      ['bundles[].bundleId', [B]],
    ]);
  });
});

describe('referencedIds', () => {
  it('reads a top-level id, none when empty or missing', () => {
    expect(referencedIds({ slateId: A }, 'slateId')).toEqual([A]);
    expect(referencedIds({ slateId: '' }, 'slateId')).toEqual([]);
    expect(referencedIds({ slateId: null }, 'slateId')).toEqual([]);
    expect(referencedIds({}, 'slateId')).toEqual([]);
    expect(referencedIds({ slateId: 7 }, 'slateId')).toEqual([]);
  });

  it('reads the ids inside a list of objects, skipping what is not an id', () => {
    expect(referencedIds({ items: [{ vodId: A }, { vodId: B }, { vodId: A }] }, 'items[].vodId')).toEqual([
      A,
      B,
      A,
    ]);
    expect(
      referencedIds({ items: [{ vodId: A }, null, 'x', { other: B }, { vodId: 3 }] }, 'items[].vodId'),
    ).toEqual([A]);
    expect(referencedIds({ items: 'x' }, 'items[].vodId')).toEqual([]);
    expect(referencedIds({}, 'items[].vodId')).toEqual([]);
  });

  it('reads a list of ids (x[]), skipping blanks and what is not text', () => {
    expect(referencedIds({ placementIds: [A, B, A] }, 'placementIds[]')).toEqual([A, B, A]);
    expect(referencedIds({ placementIds: [A, '', null, 3, { id: B }, [B]] }, 'placementIds[]')).toEqual([A]);
    expect(referencedIds({ placementIds: A }, 'placementIds[]')).toEqual([]);
    expect(referencedIds({ placementIds: [] }, 'placementIds[]')).toEqual([]);
    expect(referencedIds({}, 'placementIds[]')).toEqual([]);
  });

  it('reads lists of ids inside a list of objects (x[].y[])', () => {
    const data = {
      sources: [{ campaignIds: [A] }, { campaignIds: [] }, { campaignIds: [B, A] }, { url: 'x' }, null, 'x'],
    };
    expect(referencedIds(data, 'sources[].campaignIds[]')).toEqual([A, B, A]);
    expect(referencedIds({ sources: [{ campaignIds: A }] }, 'sources[].campaignIds[]')).toEqual([]);
    expect(referencedIds({ sources: [{ campaignIds: ['', 7, B] }] }, 'sources[].campaignIds[]')).toEqual([B]);
    expect(referencedIds({ sources: {} }, 'sources[].campaignIds[]')).toEqual([]);
    expect(referencedIds({}, 'sources[].campaignIds[]')).toEqual([]);
  });

  it('does not read a list where one id is expected, nor one id where a list is', () => {
    expect(referencedIds({ slateId: [A] }, 'slateId')).toEqual([]);
    expect(referencedIds({ items: { vodId: A } }, 'items[].vodId')).toEqual([]);
    expect(referencedIds({ items: [{ vodId: [A] }] }, 'items[].vodId')).toEqual([]);
  });
});

describe('can()', () => {
  const admin = { isMainAdmin: true, customerId: A };
  const user = { isMainAdmin: false, customerId: A };

  it.each(RESOURCE_ACTIONS)('lets a main administrator %s any customer’s resources', (action) => {
    for (const kind of RESOURCE_KINDS) {
      expect(can(admin, action, kind)).toBe(true);
      expect(can(admin, action, kind, { customerId: A })).toBe(true);
      expect(can(admin, action, kind, { customerId: B })).toBe(true);
    }
  });

  it.each(RESOURCE_ACTIONS)('lets another user %s only its own customer’s resources', (action) => {
    for (const kind of RESOURCE_KINDS) {
      expect(can(user, action, kind)).toBe(true);
      expect(can(user, action, kind, { customerId: A })).toBe(true);
      expect(can(user, action, kind, { customerId: B })).toBe(false);
    }
  });
});

describe('RESOURCE_TEXTS', () => {
  it('word the answers with the resource’s label', () => {
    expect(RESOURCE_TEXTS.notFound('Slate')).toBe('Slate not found');
    expect(RESOURCE_TEXTS.duplicateName('VOD asset')).toBe('A vod asset with this name already exists');
    expect(RESOURCE_TEXTS.unknownReference('Slate')).toBe('No slate of this account has this id');
    expect(RESOURCE_TEXTS.staleVersion('Live stream')).toMatch(
      /^This live stream was changed by someone else/,
    );
    expect(
      RESOURCE_TEXTS.inUse('Slate', [
        { kind: 'live stream', name: 'Sports 1' },
        { kind: 'streamer channel', name: 'Loop' },
      ]),
    ).toBe("This slate is in use by live stream 'Sports 1', streamer channel 'Loop'");
  });
});
