/**
 * Every text a write accepts is bounded by core's one set of limits (TEXT_LIMITS, issue 46): the
 * write schemas are walked, and each string in them (at any depth: lists, unions, maps) must have
 * a maximum length, or be bounded as a whole (`wholeTextLimits`: Config JSON). A schema added to
 * a route without one fails here, naming the field. The same fields have the same bound wherever
 * they are written (sign-up, the profile, the team), and each bound refuses one character more.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  acceptInviteRequestSchema,
  activateRequestSchema,
  alarmCreateBodySchema,
  alarmRuleBodySchema,
  creditNoteBodySchema,
  customerAdminEditSchema,
  customerRejectSchema,
  editCustomerFieldsSchema,
  editUserBodySchema,
  emailRequestSchema,
  generateTokenBodySchema,
  invoiceCreateBodySchema,
  invoicePreviewBodySchema,
  invoiceUpdateBodySchema,
  LIMIT_TEXTS,
  LIVE_STREAM_DEFAULTS,
  liveStreamSchema,
  loginRequestSchema,
  marketplaceSignupRequestSchema,
  newPasswordRequestSchema,
  notificationPreferencesBodySchema,
  notificationReadBodySchema,
  paymentBodySchema,
  platformConfigRestoreSchema,
  platformConfigSaveSchema,
  RESOURCE_KINDS,
  RESOURCES,
  savedReportInputSchema,
  scheduledEventInputSchema,
  scheduledEventUpdateSchema,
  signupRequestSchema,
  TEXT_LIMITS,
  teamInviteRequestSchema,
  teamRoleRequestSchema,
  wholeTextLimits,
} from '../../index.ts';

/** Every body a route writes with (apps/server/src/routes/**), and each resource's schema. */
const WRITE_SCHEMAS: Record<string, z.ZodType> = {
  'auth/signup': signupRequestSchema,
  'auth/mpsignup': marketplaceSignupRequestSchema,
  'auth/activate': activateRequestSchema,
  'auth/login': loginRequestSchema,
  'auth/resend-activation, reset-password': emailRequestSchema,
  'auth/new-password': newPasswordRequestSchema,
  'user/editUser': editUserBodySchema,
  'team/members (invite)': teamInviteRequestSchema,
  'team/members/:id/role': teamRoleRequestSchema,
  'team/accept-invite': acceptInviteRequestSchema,
  'customer/editCustomer': editCustomerFieldsSchema,
  'customer (admin edit)': customerAdminEditSchema,
  'customer (reject)': customerRejectSchema,
  'customer/generateToken': generateTokenBodySchema,
  'config/save': platformConfigSaveSchema,
  'config/restore': platformConfigRestoreSchema,
  'notification/read': notificationReadBodySchema,
  'notification/preferences': notificationPreferencesBodySchema,
  'alarm (raise)': alarmCreateBodySchema,
  'alarm/rules': alarmRuleBodySchema,
  'billing/invoices/preview': invoicePreviewBodySchema,
  'billing/invoices (create)': invoiceCreateBodySchema,
  'billing/invoices/:id (update)': invoiceUpdateBodySchema,
  'billing credit note': creditNoteBodySchema,
  'billing payment': paymentBodySchema,
  'schedule (create)': scheduledEventInputSchema,
  'schedule (update)': scheduledEventUpdateSchema,
  'reports (save)': savedReportInputSchema,
  ...Object.fromEntries(RESOURCE_KINDS.map((kind) => [`resource ${kind}`, RESOURCES[kind].schema])),
};

interface TextLeaf {
  path: string;
  schema: z.core.$ZodType;
  /** The bound, or null for a text without one. */
  maxLength: number | null;
}

/** Formats whose pattern has a fixed length (a UUID is 36 characters whatever it holds). */
const FIXED_LENGTH_FORMATS = new Set(['uuid', 'guid']);

/**
 * The texts of a schema with their bounds, by dotted path ('bundles[].name', 'values.nodepool{}').
 * A type the walk does not know fails, so a new kind of schema cannot slip through unchecked.
 */
function textLeaves(schema: z.core.$ZodType, path = '', stack: z.core.$ZodType[] = []): TextLeaf[] {
  if (stack.includes(schema)) return [];
  const whole = wholeTextLimits.get(schema as z.ZodType);
  if (whole) return [{ path, schema, maxLength: whole.maxLength }];
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (child: unknown, at = path) => textLeaves(child as z.core.$ZodType, at, [...stack, schema]);
  const join = (key: string) => (path === '' ? key : `${path}.${key}`);
  switch (def.type) {
    case 'string': {
      const format = (def as { format?: string }).format;
      if (format !== undefined && FIXED_LENGTH_FORMATS.has(format)) return [];
      return [{ path, schema, maxLength: (schema as z.ZodString).maxLength }];
    }
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      const leaves = Object.entries(shape).flatMap(([key, child]) => inner(child, join(key)));
      const catchall = def.catchall as z.core.$ZodType | undefined;
      if (catchall && catchall._zod.def.type !== 'never') leaves.push(...inner(catchall, join('*')));
      return leaves;
    }
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'tuple':
      return [
        ...(def.items as z.core.$ZodType[]).flatMap((item, i) => inner(item, `${path}[${i}]`)),
        ...(def.rest ? inner(def.rest, `${path}[]`) : []),
      ];
    case 'record':
      return [...inner(def.keyType, `${path}{key}`), ...inner(def.valueType, `${path}{}`)];
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => z.core.$ZodType)());
    case 'unknown':
    case 'any':
      // Anything at all may hold a text of any length.
      return [{ path: `${path} (${def.type})`, schema, maxLength: null }];
    case 'number':
    case 'int':
    case 'bigint':
    case 'boolean':
    case 'enum':
    case 'literal':
    case 'null':
    case 'undefined':
    case 'date':
    case 'nan':
    case 'never':
    case 'void':
    case 'transform':
    case 'custom':
      return [];
    default:
      throw new Error(`${path || '(root)'}: a ${def.type} schema, which this walk does not read yet`);
  }
}

describe('the walk of a schema’s texts', () => {
  it('finds an unbounded text at any depth, and the bound of a bounded one', () => {
    const probe = z.object({
      a: z.string().max(5),
      b: z.array(z.object({ c: z.string().trim().optional() })),
      d: z.union([z.number(), z.record(z.string().max(3), z.unknown())]),
      e: z.uuid(),
    });
    expect(textLeaves(probe).map(({ path, maxLength }) => [path, maxLength])).toEqual([
      ['a', 5],
      ['b[].c', null],
      ['d{key}', 3],
      ['d{} (unknown)', null],
    ]);
  });
});

describe.each(Object.entries(WRITE_SCHEMAS))('%s', (_name, schema) => {
  const leaves = textLeaves(schema);

  it('bounds every text it accepts', () => {
    expect(leaves.filter((leaf) => leaf.maxLength === null).map((leaf) => leaf.path)).toEqual([]);
  });

  it('refuses one character over each bound', () => {
    for (const { path, schema: leaf, maxLength } of leaves) {
      if (maxLength === null) continue;
      const result = (leaf as z.ZodType).safeParse('x'.repeat(maxLength + 1));
      expect(result.success, `${path}: ${maxLength + 1} characters`).toBe(false);
    }
  });
});

/** The bound of the text at `path` of a schema. */
const boundOf = (schema: z.ZodType, path: string) => {
  const found = textLeaves(schema).filter((leaf) => leaf.path === path);
  expect(found.length, `${path} is a text of the schema`).toBeGreaterThan(0);
  return found.map((leaf) => leaf.maxLength);
};

describe('one set of bounds', () => {
  const L = TEXT_LIMITS;
  it.each([
    // The profile (PUT user/editUser) takes sign-up's bounds (issue 46: it took 1,000,000 characters).
    ['user/editUser', 'firstName', L.personName, editUserBodySchema],
    ['user/editUser', 'lastName', L.personName, editUserBodySchema],
    ['user/editUser', 'mobilePhone', L.phone, editUserBodySchema],
    ['user/editUser', 'country', L.country, editUserBodySchema],
    ['user/editUser', 'jobTitle', L.jobTitle, editUserBodySchema],
    ['auth/signup', 'firstName', L.personName, signupRequestSchema],
    ['auth/signup', 'lastName', L.personName, signupRequestSchema],
    ['auth/signup', 'mobilePhone', L.phone, signupRequestSchema],
    ['auth/signup', 'country', L.country, signupRequestSchema],
    ['auth/signup', 'email', L.email, signupRequestSchema],
    ['team invite', 'firstName', L.personName, teamInviteRequestSchema],
    ['team invite', 'lastName', L.personName, teamInviteRequestSchema],
    ['team invite', 'email', L.email, teamInviteRequestSchema],
    ['customer/editCustomer', 'customDomainName', L.domain, editCustomerFieldsSchema],
    ['customer/editCustomer', 'cdnDomain', L.domain, editCustomerFieldsSchema],
    // Live streams took 900 KB tokens (issue 46).
    ['live stream', 'akamaiToken', L.token, liveStreamSchema],
    ['live stream', 'adExchangeValue', L.token, liveStreamSchema],
    ['live stream', 'sourceStreamUrl', L.url, liveStreamSchema],
    ['live stream', 'vastUrl', L.url, liveStreamSchema],
    ['live stream', 'backupStreamUrl', L.url, liveStreamSchema],
    ['live stream', 'advancedConfig', L.json, liveStreamSchema],
    ['live stream', 'textOverlayText', L.line, liveStreamSchema],
    ['live stream', 'bundles[].name', L.name, liveStreamSchema],
  ] as const)('%s: %s at most %i characters', (_name, path, max, schema) => {
    expect(boundOf(schema, path)).toEqual([max]);
  });

  it('answers an over-long profile text with the limit, on the field', () => {
    const valid = { firstName: 'Ada', lastName: 'Lovelace', mobilePhone: '+44 20 7946 0958', country: 'GB' };
    for (const [field, max] of [
      ['firstName', L.personName],
      ['lastName', L.personName],
      ['mobilePhone', L.phone],
      ['country', L.country],
      ['jobTitle', L.jobTitle],
    ] as const) {
      expect(editUserBodySchema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true);
      const issues = editUserBodySchema.safeParse({ ...valid, [field]: 'x'.repeat(max + 1) }).error?.issues;
      expect(issues?.map(({ path, message }) => ({ path, message }))).toEqual([
        { path: [field], message: LIMIT_TEXTS.tooLong(max) },
      ]);
    }
  });

  it('answers an over-long Akamai token or ad exchange value with the limit, and nothing else', () => {
    const valid = { ...LIVE_STREAM_DEFAULTS, name: 'News', sourceStreamUrl: 'https://origin.example/live/' };
    expect(liveStreamSchema.safeParse(valid).success).toBe(true);
    for (const field of ['akamaiToken', 'adExchangeValue'] as const) {
      expect(liveStreamSchema.safeParse({ ...valid, [field]: 'ab'.repeat(L.token / 2) }).success).toBe(true);
      const issues = liveStreamSchema.safeParse({ ...valid, [field]: 'ab'.repeat(450_000) }).error?.issues;
      expect(issues?.map(({ path, message }) => ({ path, message }))).toEqual([
        { path: [field], message: LIMIT_TEXTS.tooLong(L.token) },
      ]);
    }
  });

  it('bounds Config JSON as a whole, as text or as an object', () => {
    const config = liveStreamSchema.shape.advancedConfig;
    const big = 'v'.repeat(L.json);
    for (const value of [JSON.stringify({ key: big }), { key: big }]) {
      expect(config.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([
        LIMIT_TEXTS.tooLong(L.json),
      ]);
    }
    expect(config.safeParse({ key: 'v'.repeat(L.json - 20) }).success).toBe(true);
  });
});
