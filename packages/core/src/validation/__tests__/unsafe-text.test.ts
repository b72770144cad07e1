/**
 * Text PostgreSQL cannot store (U+0000, or half of a UTF-16 surrogate pair) is refused by the
 * shared string schemas with one 400-ready issue on its own field, 'Contains characters that are
 * not allowed', instead of reaching a query that fails with a 500.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENCODER_DEFAULTS, encoderSchema } from '../../resources/encoder.ts';
import { eventListQuerySchema } from '../../resources/events.ts';
import { listQuerySchema } from '../../resources/list.ts';
import { LIVE_STREAM_LIST, liveStreamSchema } from '../../resources/live-stream.ts';
import { slateSchema } from '../../resources/slate.ts';
import { streamerSchema } from '../../resources/streamer.ts';
import { vodSchema } from '../../resources/vod.ts';
import {
  editCustomerFieldsSchema,
  loginLogoQuerySchema,
  userSearchQuerySchema,
} from '../../schemas/account.ts';
import { alarmCreateBodySchema } from '../../schemas/alarm.ts';
import { activateRequestSchema, emailRequestSchema, loginRequestSchema } from '../../schemas/auth.ts';
import { signupRequestSchema } from '../../schemas/signup.ts';
import { toFieldIssues } from '../field-issues.ts';
import {
  configJsonSchema,
  emailListSchema,
  emailSchema,
  ipListSchema,
  jsonTextSchema,
  noteSchema,
  passwordSchema,
  requiredTextSchema,
  textSchema,
  urlSchema,
} from '../field-schemas.ts';
import { profileSchema } from '../form-schemas.ts';
import { LIMIT_TEXTS } from '../messages.ts';
import { hasUnsafeText, validateSafeText } from '../rules.ts';

const UNSAFE = LIMIT_TEXTS.unsafeText;

describe('hasUnsafeText', () => {
  it.each([
    ['', false],
    ['plain text', false],
    ['é, ß, 中文', false],
    ['an emoji 😀 (a surrogate pair)', false],
    ['\ud83d\ude00', false],
    ['other control characters \u0001 \u001f \u007f', false],
    ['noncharacters \ufffe \uffff', false],
    ['a\u0000b', true],
    ['\u0000', true],
    ['lone high \ud800', true],
    ['\ud800 lone high first', true],
    ['lone low \udc00', true],
    ['low before high \udc00\ud800', true],
    ['two highs then a low \ud800\ud800\udc00', true],
  ])('%j -> %s', (text, unsafe) => {
    expect(hasUnsafeText(text)).toBe(unsafe);
    expect(validateSafeText(text)).toBe(unsafe ? UNSAFE : null);
  });

  it('leaves values that are not text to their own rules', () => {
    expect(validateSafeText(42)).toBeNull();
    expect(validateSafeText(null)).toBeNull();
  });
});

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : toFieldIssues(result.error);
};

const BAD_VALUES = ['a\u0000b', 'a\ud800b', 'x\udc00', 'x\ud800'];

const UUID = '7d444840-9dc0-4c2c-9d3a-2f2d5e1c3b1a';
const VOD = { name: 'Match', sourceUrl: 'https://origin.example/vod/m.m3u8', duration: 600 };
const LIVE = {
  name: 'Sports 1',
  sourceStreamUrl: 'https://origin.example/live/sports1/',
  bundles: [{ name: 'Default', percentage: 100 }],
};
const SIGNUP = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  mobilePhone: '+1 555 0100',
  organizationType: 'Other',
  country: 'US',
  password: 'Str0ng#Pass',
  repeatPassword: 'Str0ng#Pass',
};

interface Case {
  name: string;
  schema: z.ZodType;
  /** The payload with `text` in the field under test. */
  payload: (text: string) => unknown;
  /** The dotted field the issue is on ('' for a bare value). */
  field: string;
  /** Safe text the field accepts, when an emoji breaks one of its own rules. */
  safe?: string;
}

const CASES: Case[] = [
  { name: 'textSchema()', schema: textSchema(), payload: (t) => t, field: '' },
  { name: "requiredTextSchema('Name')", schema: requiredTextSchema('Name'), payload: (t) => t, field: '' },
  { name: 'emailSchema', schema: emailSchema, payload: (t) => `${t}@example.com`, field: '' },
  {
    name: 'emailListSchema entry',
    schema: emailListSchema,
    payload: (t) => ['a@b.co', `${t}@b.co`],
    field: '1',
  },
  { name: 'urlSchema (a path)', schema: urlSchema, payload: (t) => `https://example.com/${t}`, field: '' },
  { name: 'noteSchema', schema: noteSchema, payload: (t) => t, field: '' },
  { name: 'passwordSchema', schema: passwordSchema(), payload: (t) => `Aa1#${t}xxxx`, field: '' },
  { name: 'jsonTextSchema (in a string)', schema: jsonTextSchema, payload: (t) => `{"a":"${t}"}`, field: '' },
  { name: 'ipListSchema entry', schema: ipListSchema, payload: (t) => [t], field: '0' },
  { name: 'configJsonSchema text', schema: configJsonSchema, payload: (t) => `{"a":"${t}"}`, field: '' },
  { name: 'configJsonSchema object value', schema: configJsonSchema, payload: (t) => ({ a: t }), field: '' },
  {
    name: 'configJsonSchema object key',
    schema: configJsonSchema,
    payload: (t) => ({ [t]: 'x' }),
    field: '',
    // Config keys are letters, digits, '.', '-' and '_' only (spec).
    safe: 'player.mode',
  },
  {
    name: 'list query q',
    schema: listQuerySchema(LIVE_STREAM_LIST),
    payload: (t) => ({ q: t }),
    field: 'q',
  },
  {
    name: 'event list q',
    schema: eventListQuerySchema,
    payload: (t) => ({ kind: 'vod', q: t }),
    field: 'q',
  },
  { name: 'login logo host', schema: loginLogoQuerySchema, payload: (t) => ({ host: t }), field: 'host' },
  { name: 'user search q', schema: userSearchQuerySchema, payload: (t) => ({ q: t }), field: 'q' },
  {
    name: 'edit customer cdnDomain',
    schema: editCustomerFieldsSchema,
    payload: (t) => ({ cdnDomain: t }),
    field: 'cdnDomain',
  },
  {
    name: 'login email',
    schema: loginRequestSchema,
    payload: (t) => ({ email: t, password: 'x' }),
    field: 'email',
  },
  {
    name: 'login password',
    schema: loginRequestSchema,
    payload: (t) => ({ email: 'a@b.co', password: t }),
    field: 'password',
  },
  {
    name: 'reset-password email',
    schema: emailRequestSchema,
    payload: (t) => ({ email: `${t}@b.co` }),
    field: 'email',
  },
  {
    name: 'activate token',
    schema: activateRequestSchema,
    payload: (t) => ({ email: 'a@b.co', token: t }),
    field: 'token',
  },
  {
    name: 'sign-up first name',
    schema: signupRequestSchema,
    payload: (t) => ({ ...SIGNUP, firstName: t }),
    field: 'firstName',
  },
  {
    name: 'profile job title',
    schema: profileSchema,
    payload: (t) => ({ firstName: 'J', lastName: 'D', mobilePhone: '1', country: 'US', jobTitle: t }),
    field: 'jobTitle',
  },
  {
    name: 'alarm name',
    schema: alarmCreateBodySchema,
    payload: (t) => ({ severity: 'ERROR', type: 'x', name: t, message: 'm' }),
    field: 'name',
  },
  { name: 'VOD name', schema: vodSchema, payload: (t) => ({ ...VOD, name: t }), field: 'name' },
  { name: 'VOD title', schema: vodSchema, payload: (t) => ({ ...VOD, title: t }), field: 'title' },
  { name: 'VOD tag', schema: vodSchema, payload: (t) => ({ ...VOD, tags: ['ok', t] }), field: 'tags.1' },
  {
    name: 'live stream bundle name',
    schema: liveStreamSchema,
    payload: (t) => ({ ...LIVE, bundles: [{ name: t, percentage: 100 }] }),
    field: 'bundles.0.name',
  },
  {
    name: 'live stream VAST URL',
    schema: liveStreamSchema,
    payload: (t) => ({ ...LIVE, vastUrl: t }),
    field: 'vastUrl',
  },
  {
    name: 'live stream toleration value',
    schema: liveStreamSchema,
    payload: (t) => ({ ...LIVE, tolerations: [{ key: 'k', value: t, effect: 'NoSchedule' }] }),
    field: 'tolerations.0.value',
  },
  {
    name: 'live stream overlay text',
    schema: liveStreamSchema,
    payload: (t) => ({ ...LIVE, textOverlayText: t }),
    field: 'textOverlayText',
  },
  {
    name: 'slate video URL',
    schema: slateSchema,
    payload: (t) => ({ name: 'S', videoUrl: `https://cdn.example/${t}.mp4`, duration: 10 }),
    field: 'videoUrl',
  },
  {
    name: 'streamer name',
    schema: streamerSchema,
    payload: (t) => ({ name: t, items: [{ vodId: UUID }], breakinterval: 15, adDuration: 120 }),
    field: 'name',
  },
  {
    name: 'encoder output config',
    schema: encoderSchema,
    payload: (t) => ({ ...ENCODER_DEFAULTS, name: 'E', output_config: `{"a":"${t}"}` }),
    field: 'output_config',
  },
];

describe('shared string schemas refuse unsafe text on its field', () => {
  describe.each(CASES)('$name', ({ schema, payload, field, safe = 'ok😀' }) => {
    it('accepts the same payload with safe text (an emoji included)', () => {
      expect(issuesOf(schema, payload(safe)).filter((i) => i.field === field)).toEqual([]);
    });

    it.each(BAD_VALUES)('refuses %j with the one message', (bad) => {
      expect(issuesOf(schema, payload(bad)).filter((i) => i.field === field)).toEqual([
        { field, message: UNSAFE },
      ]);
    });
  });
});
