/** The plan decides what can be edited: entitled(), lockedFields(), enterpriseFieldsSet(), locked entries. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, PAYMENT_PLANS, PLAN_FEATURES } from '../../schemas/account.ts';
import {
  asPlan,
  ENTERPRISE_FEATURES,
  ENTITLEMENT_TEXTS,
  enterpriseFieldsSet,
  entitled,
  featureOfField,
  lockedEntryFeature,
  lockedFields,
  PLAN_FIELDS,
  upgradePromptOf,
} from '../entitlements.ts';
import { LIVE_STREAM_DEFAULTS, type LiveStream, liveStreamSchema } from '../live-stream.ts';
import { RESOURCE_KINDS } from '../registry.ts';

const AD_SUITE_FIELDS = [
  'adpodLength',
  'prefetchCount',
  'userLiveliness',
  'activenessInterval',
  'midrollLayouts',
  'textOverlayEnabled',
  'textOverlayText',
  'textOverlayPosition',
  'inRedundancy',
  'backupStreamUrl',
] as const;

/** A value other than the default for each enterprise field (valid for the schema). */
const SET: Pick<LiveStream, (typeof AD_SUITE_FIELDS)[number]> = {
  adpodLength: 3,
  prefetchCount: 5,
  userLiveliness: 1800,
  activenessInterval: 500,
  midrollLayouts: [{ name: 'Squeeze back', transition: 'fade', duration: 1.5 }],
  textOverlayEnabled: true,
  textOverlayText: 'Live',
  textOverlayPosition: 'top',
  inRedundancy: 'ENABLE',
  backupStreamUrl: 'https://origin.example/backup/',
};

const stream = (changes: Partial<LiveStream> = {}): LiveStream =>
  liveStreamSchema.parse({
    ...LIVE_STREAM_DEFAULTS,
    name: 'Sports',
    sourceStreamUrl: 'https://origin.example/live/',
    ...changes,
  });

describe('entitled', () => {
  it('follows the plan feature list: Standard has neither feature, Enterprise both', () => {
    for (const feature of ENTERPRISE_FEATURES) {
      expect(entitled('standard', feature)).toBe(false);
      expect(entitled('enterprise', feature)).toBe(true);
      const row = PLAN_FEATURES.find((f) => f.key === feature)!;
      expect(row.plans.standard).toBe(false);
      expect(row.plans.enterprise).toBeTruthy();
    }
  });

  it('grants nothing to an unknown or missing plan', () => {
    expect(asPlan('gold')).toBe('standard');
    expect(asPlan(null)).toBe('standard');
    for (const plan of PAYMENT_PLANS) expect(asPlan(plan)).toBe(plan);
    expect(entitled('gold', 'enhanced_api')).toBe(false);
    expect(entitled(undefined, 'ssai_advanced_ad_suite')).toBe(false);
  });

  it('words the upgrade prompt per feature; API access keeps the account dialog’s words', () => {
    expect(upgradePromptOf('enhanced_api')).toBe(ACCOUNT_TEXTS.upgradePrompt);
    expect(upgradePromptOf('ssai_advanced_ad_suite')).toBe(
      'Oops! This option is available only in the Enterprise plan. Upgrade to Enterprise to use the advanced SSAI ad suite: ad pods, prefetch, mid-roll layouts, text overlay and redundancy.',
    );
    for (const feature of ENTERPRISE_FEATURES)
      expect(upgradePromptOf(feature)).toMatch(/^Oops! This option is available only in the Enterprise plan/);
    expect(ENTITLEMENT_TEXTS.badge).toBe('Enterprise');
  });
});

describe('lockedFields', () => {
  it('locks the ad suite’s fields of a live stream for Standard, nothing for Enterprise', () => {
    expect(lockedFields('liveStream', 'standard')).toEqual([...AD_SUITE_FIELDS]);
    expect(lockedFields('liveStream', 'enterprise')).toEqual([]);
    for (const field of AD_SUITE_FIELDS)
      expect(featureOfField('liveStream', field)).toBe('ssai_advanced_ad_suite');
    expect(featureOfField('liveStream', 'name')).toBeNull();
  });

  it('locks nothing of the other kinds, on either plan', () => {
    for (const kind of RESOURCE_KINDS.filter((k) => k !== 'liveStream')) {
      expect(PLAN_FIELDS[kind]).toBeUndefined();
      for (const plan of PAYMENT_PLANS) expect(lockedFields(kind, plan)).toEqual([]);
    }
  });

  it('names only fields the live stream has', () => {
    for (const field of Object.keys(PLAN_FIELDS.liveStream!))
      expect(LIVE_STREAM_DEFAULTS).toHaveProperty(field);
  });
});

describe('enterpriseFieldsSet', () => {
  it('lets Standard create and save a stream whose enterprise fields are at their defaults', () => {
    expect(enterpriseFieldsSet('liveStream', 'standard', stream(), null)).toEqual([]);
    expect(enterpriseFieldsSet('liveStream', 'standard', stream({ name: 'Renamed' }), stream())).toEqual([]);
  });

  it.each(AD_SUITE_FIELDS)('refuses Standard a create that sets %s, allows Enterprise', (field) => {
    // One field at a time (the schema's cross-field rules are not the point here).
    const record = { ...stream(), [field]: SET[field] };
    expect(enterpriseFieldsSet('liveStream', 'standard', record, null)).toEqual([
      { field, feature: 'ssai_advanced_ad_suite' },
    ]);
    expect(enterpriseFieldsSet('liveStream', 'enterprise', record, null)).toEqual([]);
  });

  it.each(AD_SUITE_FIELDS)('refuses Standard an update that changes %s, allows Enterprise', (field) => {
    const previous = stream();
    const next = { ...previous, [field]: SET[field] };
    expect(enterpriseFieldsSet('liveStream', 'standard', next, previous)).toEqual([
      { field, feature: 'ssai_advanced_ad_suite' },
    ]);
    expect(enterpriseFieldsSet('liveStream', 'enterprise', next, previous)).toEqual([]);
  });

  it('keeps stored enterprise values saveable, and lets them be switched back off', () => {
    const stored = stream(SET);
    expect(enterpriseFieldsSet('liveStream', 'standard', { ...stored, name: 'Renamed' }, stored)).toEqual([]);
    // Key order of stored objects (jsonb) does not count as a change.
    const reordered = {
      ...stored,
      midrollLayouts: [{ duration: 1.5, transition: 'fade', name: 'Squeeze back' }],
    };
    expect(enterpriseFieldsSet('liveStream', 'standard', reordered, stored)).toEqual([]);
    const off = stream({ ...SET, inRedundancy: 'DISABLE', backupStreamUrl: '', midrollLayouts: [] });
    expect(enterpriseFieldsSet('liveStream', 'standard', off, stored)).toEqual([]);
    // Changing a stored value to another non-default one is setting it.
    expect(enterpriseFieldsSet('liveStream', 'standard', { ...stored, prefetchCount: 7 }, stored)).toEqual([
      { field: 'prefetchCount', feature: 'ssai_advanced_ad_suite' },
    ]);
  });

  it('names every field a write sets', () => {
    expect(enterpriseFieldsSet('liveStream', 'standard', stream(SET), null).map((f) => f.field)).toEqual([
      ...AD_SUITE_FIELDS,
    ]);
  });

  it('finds nothing in the kinds without enterprise fields', () => {
    expect(enterpriseFieldsSet('vod', 'standard', { name: 'x', cuePoints: [1, 2] }, null)).toEqual([]);
  });
});

describe('lockedEntryFeature', () => {
  it('locks Swagger and the admin API documentation for Standard only', () => {
    for (const id of ['docs-swagger', 'docs-admin']) {
      expect(lockedEntryFeature(id, 'standard')).toBe('enhanced_api');
      expect(lockedEntryFeature(id, 'enterprise')).toBeNull();
    }
    for (const plan of PAYMENT_PLANS) {
      expect(lockedEntryFeature('docs-new', plan)).toBeNull();
      expect(lockedEntryFeature('streams-live', plan)).toBeNull();
    }
  });
});
