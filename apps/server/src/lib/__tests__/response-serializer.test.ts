import { userSchema } from '@cuepoint/core';
import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDirectionless, responseSerializerCompiler } from '../response-serializer.ts';

const user = {
  _id: 'u1',
  firstName: 'Dana',
  lastName: 'Demo',
  mobilePhone: '+44 20 7946 0000',
  jobTitle: null,
  country: 'GB',
  organizationType: 'Publisher',
  email: 'demo@cuepoint.example',
  profile: { isMainAdmin: false },
  isActive: true,
  isGmanaActive: true,
  role: 'owner',
  customerId: {
    _id: 'c1',
    name: 'Demo Broadcasting',
    subDomainName: 'demo',
    paymentPlan: 'standard',
    timezone: 0,
    paymentCustomerId: null,
    enableAPI: false,
  },
  customerObj: [{ _id: 'c1', paymentCustomerId: null }],
};

describe('isDirectionless', () => {
  it('holds for schemas of plain values, objects, arrays, unions, records and wrappers', () => {
    expect(isDirectionless(userSchema)).toBe(true);
    expect(
      isDirectionless(
        z.object({
          list: z.array(z.union([z.string().email(), z.number().int().min(0)])),
          byKey: z.record(z.string(), z.boolean()).optional(),
          pair: z.tuple([z.literal('a'), z.enum(['x', 'y'])]).nullable(),
          both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() })),
          frozen: z.object({ at: z.date() }).readonly(),
        }),
      ),
    ).toBe(true);
  });

  it('fails for a directional part however deep it sits', () => {
    const deep = (inner: z.ZodType) =>
      z.object({ a: z.array(z.object({ b: z.union([z.string(), inner]) })) });
    expect(isDirectionless(deep(z.number().default(3)))).toBe(false);
    expect(isDirectionless(deep(z.string().transform((s) => s.length)))).toBe(false);
    expect(isDirectionless(deep(z.string().pipe(z.string())))).toBe(false);
    expect(isDirectionless(deep(z.number().catch(0)))).toBe(false);
    expect(isDirectionless(deep(z.number().prefault(1)))).toBe(false);
    expect(isDirectionless(deep(z.lazy(() => z.string())))).toBe(false);
    expect(
      isDirectionless(
        deep(
          z.codec(z.string(), z.number(), {
            decode: (s) => Number(s),
            encode: (n) => String(n),
          }),
        ),
      ),
    ).toBe(false);
    expect(isDirectionless(z.object({ a: z.string() }).catchall(z.string().default('')))).toBe(false);
  });
});

describe('responseSerializerCompiler', () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.setErrorHandler((error, _request, reply) =>
    reply.code(500).send({ responseCheckFailed: isResponseSerializationError(error) }),
  );
  const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
  app.get('/user', { schema: { response: { 200: userSchema } } }, async () => ({
    ...user,
    passwordHash: 'secret',
    customerId: { ...user.customerId, stripeSecret: 'sk_live' },
  }));
  app.get('/wrong', { schema: { response: { 200: userSchema } } }, async () => ({
    ...user,
    isActive: 'yes',
  }));
  app.get('/codec', { schema: { response: { 200: z.object({ n: codec }) } } }, async () => ({ n: 42 }));
  afterAll(() => app.close());

  it('answers only the declared fields, as zod reads them', async () => {
    const res = await app.inject('/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('sk_live');
    expect(res.json()).toEqual(z.encode(userSchema, res.json()));
  });

  it('refuses an answer of the wrong shape as a response check error', async () => {
    const res = await app.inject('/wrong');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ responseCheckFailed: true });
  });

  it('encodes through a codec (the backward direction) where the schema has one', async () => {
    const res = await app.inject('/codec');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ n: '42' });
  });
});
