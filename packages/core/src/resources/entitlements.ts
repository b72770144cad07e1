/**
 * What a customer's plan lets it use (the plan feature list, spec section 3): the one rule the
 * server enforces on writes and the console follows to lock fields and entries. The features
 * outside the Standard plan are the 'Advanced SSAI ad suite' (ad pods, prefetch, mid-roll layouts,
 * text overlay, redundancy: fields of a live stream's datasource) and 'Enhanced API access' (the
 * API token, Swagger, the admin API documentation).
 *
 * A write *sets* a locked field when the field's new value differs from the stored one (for a
 * new record: from the kind's default) and is not the default. So a Standard customer still
 * saves a record whose enterprise fields are at their defaults, saves a record again whose
 * enterprise values were stored before (an earlier plan, a downgrade) as long as it leaves them
 * as they are, and may switch such a feature back off (to its default); it may not turn one on
 * or change one.
 */
import { ACCOUNT_TEXTS, PAYMENT_PLANS, type PaymentPlan, planHasFeature } from '../schemas/account.ts';
import type { LiveStream } from './live-stream.ts';
import { RESOURCES, type ResourceKind } from './registry.ts';

/** The plan features that gate something (keys of the plan feature list). */
export const ENTERPRISE_FEATURES = ['ssai_advanced_ad_suite', 'enhanced_api'] as const;
export type EnterpriseFeature = (typeof ENTERPRISE_FEATURES)[number];

export const ENTITLEMENT_TEXTS = {
  /** The badge on a locked field or entry. */
  badge: 'Enterprise',
  /**
   * The upgrade prompt (spec section 8: 'Oops! This option ... available only in the Enterprise
   * plan'): the console's prompt and the server's 403 message, per feature. API access keeps the
   * account dialog's wording.
   */
  upgradePrompt: {
    enhanced_api: ACCOUNT_TEXTS.upgradePrompt,
    ssai_advanced_ad_suite:
      'Oops! This option is available only in the Enterprise plan. Upgrade to Enterprise to use the advanced SSAI ad suite: ad pods, prefetch, mid-roll layouts, text overlay and redundancy.',
  } satisfies Record<EnterpriseFeature, string>,
  /** Why a locked field cannot be changed (the badge's tooltip and the fields' description). */
  lockedHint: 'Available in the Enterprise plan',
  /** The prompt's dialog (the account dialog's words). */
  promptTitle: 'Upgrade to Enterprise',
  upgrade: 'Upgrade',
  cancel: 'Cancel',
} as const;

/** A stored plan name as a plan: anything unknown counts as Standard (it grants nothing more). */
export const asPlan = (plan: string | null | undefined): PaymentPlan =>
  (PAYMENT_PLANS as readonly string[]).includes(plan ?? '') ? (plan as PaymentPlan) : 'standard';

/** Whether `plan` includes `feature`: the one entitlement rule (the plan feature list decides). */
export function entitled(plan: string | null | undefined, feature: EnterpriseFeature): boolean {
  return planHasFeature(asPlan(plan), feature);
}

/** The top-level fields of each resource kind that belong to a plan feature. */
export const PLAN_FIELDS: { readonly [K in ResourceKind]?: Readonly<Record<string, EnterpriseFeature>> } = {
  liveStream: {
    // Ad pods
    adpodLength: 'ssai_advanced_ad_suite',
    // Prefetch (the whole Prefetch tab)
    prefetchCount: 'ssai_advanced_ad_suite',
    userLiveliness: 'ssai_advanced_ad_suite',
    activenessInterval: 'ssai_advanced_ad_suite',
    // Mid-roll layouts
    midrollLayouts: 'ssai_advanced_ad_suite',
    // Text overlay
    textOverlayEnabled: 'ssai_advanced_ad_suite',
    textOverlayText: 'ssai_advanced_ad_suite',
    textOverlayPosition: 'ssai_advanced_ad_suite',
    // Redundancy
    inRedundancy: 'ssai_advanced_ad_suite',
    backupStreamUrl: 'ssai_advanced_ad_suite',
  } satisfies Partial<Record<keyof LiveStream, EnterpriseFeature>>,
};

/** The plan feature a field of `kind` needs, or null when every plan has it. */
export const featureOfField = (kind: ResourceKind, field: string): EnterpriseFeature | null =>
  PLAN_FIELDS[kind]?.[field] ?? null;

/** The fields of `kind` that `plan` may not change (empty for Enterprise and for kinds without any). */
export function lockedFields(kind: ResourceKind, plan: string | null | undefined): string[] {
  return Object.entries(PLAN_FIELDS[kind] ?? {})
    .filter(([, feature]) => !entitled(plan, feature))
    .map(([field]) => field);
}

/** JSON text with object keys sorted, so values that differ only in key order are equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

export interface EnterpriseFieldSet {
  field: string;
  feature: EnterpriseFeature;
}

/**
 * The locked fields a write sets (see the module comment): `data` is the record as the kind's
 * schema outputs it, `previous` the stored record (null for a create). Empty when `plan` has
 * every feature the write touches.
 */
export function enterpriseFieldsSet(
  kind: ResourceKind,
  plan: string | null | undefined,
  data: Readonly<Record<string, unknown>>,
  previous: Readonly<Record<string, unknown>> | null,
): EnterpriseFieldSet[] {
  const defaults = RESOURCES[kind].defaults as Record<string, unknown>;
  return lockedFields(kind, plan)
    .filter((field) => {
      const value = canonical(data[field]);
      if (value === canonical(defaults[field])) return false;
      return previous === null || value !== canonical(previous[field]);
    })
    .map((field) => ({ field, feature: featureOfField(kind, field)! }));
}

/** The upgrade prompt of a feature (the 403's message, the console's prompt). */
export const upgradePromptOf = (feature: EnterpriseFeature): string =>
  ENTITLEMENT_TEXTS.upgradePrompt[feature];

/** Sidebar entries that belong to a plan feature: shown outside it, but locked. */
export const PLAN_ENTRIES: Readonly<Record<string, EnterpriseFeature>> = {
  'docs-swagger': 'enhanced_api',
  'docs-admin': 'enhanced_api',
};

/** The feature a sidebar entry needs and `plan` lacks (the entry is locked), else null. */
export function lockedEntryFeature(id: string, plan: string | null | undefined): EnterpriseFeature | null {
  const feature = PLAN_ENTRIES[id];
  return feature !== undefined && !entitled(plan, feature) ? feature : null;
}
