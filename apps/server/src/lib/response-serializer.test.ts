import {
  errorBodySchema,
  genderSchema,
  localeSchema,
  oddsFormatSchema,
  type Profile,
  profileSchema,
  supportedLocales,
} from '@casino/contract';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, test } from 'vitest';
import { type ZodType, z } from 'zod';
import { hasCompiledSerializer, responseSerializerCompiler } from './response-serializer.ts';

type Serializer = (value: unknown) => string;

/** The route's serializer of a 200 answer of GET /x. */
function serializerOf(schema: ZodType): Serializer {
  const compile = responseSerializerCompiler as (route: unknown) => Serializer;
  return compile({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

/** What the zod provider wrote before: parse (unknown keys stripped), then JSON.stringify. */
function zodSerializerOf(schema: ZodType): Serializer {
  const compile = zodSerializerCompiler as (route: unknown) => Serializer;
  return compile({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

function serialize(schema: ZodType, data: unknown): string {
  return serializerOf(schema)(data);
}

function serializeWithZod(schema: ZodType, data: unknown): string {
  return zodSerializerOf(schema)(data);
}

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const nullableText = fc.option(text, { nil: null });
const extraKeys = fc.dictionary(
  fc.constantFrom('passwordHash', 'password_hash', 'token', 'ban_reason', 'secret'),
  fc.oneof(text, fc.integer(), fc.boolean()),
);

/** A profile as the handler may hand it over: the contract's fields, plus keys it must not show. */
const profileWithExtras = fc
  .record({
    globalId: fc.bigInt({ min: 1n, max: 2n ** 62n }).map(String),
    email: text,
    isVip: fc.boolean(),
    isVerified: fc.boolean(),
    hasDeposits: fc.boolean(),
    language: fc.constantFrom(...supportedLocales),
    websocketToken: text,
    firstName: nullableText,
    lastName: nullableText,
    gender: fc.option(fc.constantFrom(...genderSchema.options), { nil: null }),
    dateOfBirth: nullableText,
    isNameChangeAvailable: fc.boolean(),
    isPushNotificationsActive: fc.boolean(),
    vipManager: fc.option(
      fc
        .record({ telegramUsername: text })
        .chain((manager) => extraKeys.map((extra) => ({ ...extra, ...manager }))),
      { nil: null },
    ),
    supportChatUser: fc.record({
      display_name: text,
      identifier: text,
      identifier_hash: fc.option(text, { nil: null }),
    }),
    currency: fc.record({ primary: fc.constantFrom('USD', 'EUR', 'USDT') }),
    oddsFormat: fc.constantFrom(...oddsFormatSchema.options),
    realityCheckMinutes: fc.constantFrom(null, 15, 120),
    limitsPromptAnsweredAt: fc.constantFrom(null, '2026-05-01T10:00:00.000Z'),
    limitsReviewedAt: fc.constantFrom(null, '2026-11-01T10:00:00.000Z'),
  })
  .chain((profile) => extraKeys.map((extra) => ({ ...extra, ...profile })));

describe('responseSerializerCompiler', () => {
  test('the profile and the error body are written by compiled serializers', () => {
    expect(hasCompiledSerializer(profileSchema)).toBe(true);
    expect(hasCompiledSerializer(errorBodySchema)).toBe(true);
    expect(localeSchema.options.length).toBeGreaterThan(0);
  });

  test('a profile is written exactly as zod wrote it, and keys the contract lacks never leave', () => {
    const compiled = serializerOf(profileSchema);
    const withZod = zodSerializerOf(profileSchema);
    fc.assert(
      fc.property(profileWithExtras, (profile) => {
        const written = compiled(profile);
        expect(written).toBe(withZod(profile));
        const parsed = JSON.parse(written) as Record<string, unknown>;
        expect(Object.keys(parsed)).toEqual(Object.keys(profileSchema.shape));
        for (const key of ['passwordHash', 'password_hash', 'token', 'ban_reason', 'secret']) {
          expect(written).not.toContain(`"${key}"`);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('unknown keys are dropped inside arrays, nullable objects and union branches', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.string(), amount: z.string() })),
      owner: z.object({ name: z.string() }).nullable(),
      kind: z.enum(['a', 'b']).nullable(),
      event: z.discriminatedUnion('type', [
        z.object({ type: z.literal('win'), payout: z.string() }),
        z.object({ type: z.literal('loss') }),
      ]),
      note: z.string().optional(),
      count: z.number().int().default(7),
    });
    const data = {
      items: [{ id: '1', amount: '10', internal: 'x' }],
      owner: { name: 'n', passwordHash: 'h' },
      kind: null,
      event: { type: 'loss', payout: 'hidden', secret: 's' },
      note: undefined,
      hidden: true,
    };
    const expected =
      '{"items":[{"id":"1","amount":"10"}],"owner":{"name":"n"},"kind":null,' +
      '"event":{"type":"loss"},"count":7}';
    expect(hasCompiledSerializer(schema)).toBe(true);
    expect(serializeWithZod(schema, data)).toBe(expected);
    expect(serialize(schema, data)).toBe(expected);
    const winning = { ...data, owner: null, kind: 'b', event: { type: 'win', payout: '5', x: 1 } };
    expect(serialize(schema, winning)).toBe(serializeWithZod(schema, winning));
  });

  test('a schema JSON Schema cannot express (a transform, a date) is still parsed by zod', () => {
    const schema = z.object({
      code: z.string().transform((value) => value.toUpperCase()),
      at: z.date(),
    });
    expect(hasCompiledSerializer(schema)).toBe(false);
    const data = { code: 'de', at: new Date('2026-01-02T03:04:05.678Z'), extra: 1 };
    expect(serialize(schema, data)).toBe('{"code":"DE","at":"2026-01-02T03:04:05.678Z"}');
  });

  test('an answer through Fastify carries only the declared keys', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    const profile: Profile & { password_hash: string; ban_reason: null } = {
      globalId: '1000001',
      email: 'player@example.com',
      isVip: true,
      isVerified: false,
      hasDeposits: true,
      language: 'en',
      websocketToken: 'header.payload.signature',
      firstName: 'Ann',
      lastName: null,
      gender: null,
      dateOfBirth: '1990-01-31',
      isNameChangeAvailable: true,
      isPushNotificationsActive: false,
      vipManager: { telegramUsername: 'manager' },
      supportChatUser: { display_name: 'Ann', identifier: '1', identifier_hash: null },
      currency: { primary: 'USD' },
      oddsFormat: 'decimal',
      realityCheckMinutes: null,
      limitsPromptAnsweredAt: null,
      limitsReviewedAt: null,
      password_hash: '$argon2id$secret',
      ban_reason: null,
    };
    app.get('/me', { schema: { response: { 200: profileSchema } } }, async () => profile);
    const response = await app.inject({ method: 'GET', url: '/me' });
    await app.close();
    expect(response.statusCode).toBe(200);
    const { password_hash: _hash, ban_reason: _ban, ...declared } = profile;
    expect(response.body).toBe(JSON.stringify(declared));
  });
});
