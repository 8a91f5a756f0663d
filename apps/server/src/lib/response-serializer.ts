import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A response schema as JSON Schema (what the zod schema outputs), or null when zod cannot say it
 * in JSON Schema: transforms, dates, bigints and the like (`unrepresentable: 'throw'`).
 */
function outputJsonSchema(schema: ZodType): JsonSchema | null {
  try {
    return z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
  } catch {
    return null;
  }
}

const nullableTypes = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);
/** Keywords whose meaning would change (or which fast-json-stringify reads) if null joined. */
const keepsBranchApart = ['const', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', 'if', 'nullable'];

function isNullBranch(branch: unknown): boolean {
  return (
    branch !== null &&
    typeof branch === 'object' &&
    Object.keys(branch).length === 1 &&
    (branch as JsonSchema).type === 'null'
  );
}

function joinsNull(branch: unknown): branch is JsonSchema & { type: string } {
  if (branch === null || typeof branch !== 'object') return false;
  const { type } = branch as JsonSchema;
  return (
    typeof type === 'string' &&
    nullableTypes.has(type) &&
    keepsBranchApart.every((keyword) => !(keyword in branch))
  );
}

/**
 * The JSON Schema fast-json-stringify compiles: without `additionalProperties: false` (below), and
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) as X with `type: [X's type, 'null']`
 * (and null among its `enum`, if it has one): the same values, but fast-json-stringify writes it
 * by the value's type instead of trying each branch with a validator on every answer. Only a
 * branch with one plain type and no keyword that combines schemas or fixes a value is rewritten.
 */
function prepare(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(prepare);
  if (node === null || typeof node !== 'object') return node;
  const object = Object.fromEntries(
    Object.entries(node)
      // zod writes `additionalProperties: false` for its objects, which strip unknown keys when
      // parsing rather than refuse them. fast-json-stringify writes only declared properties
      // anyway, but it picks a union's branch by validating the value against each: there the
      // keyword would refuse every branch of a value carrying an undeclared key.
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, prepare(value)]),
  ) as JsonSchema;
  const branches = object.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(object).length === 1) {
    const [first, second] = branches as unknown[];
    const other = isNullBranch(second) ? first : isNullBranch(first) ? second : undefined;
    if (joinsNull(other)) {
      return {
        ...other,
        type: [other.type, 'null'],
        ...(Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {}),
      };
    }
  }
  return object;
}

/** The zod schema of a route's response: the schema itself or `{ properties: schema }`. */
function zodSchemaOf(schema: unknown): ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (schema !== null && typeof schema === 'object' && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof z.ZodType) return properties;
  }
  return null;
}

type Serializer = (data: unknown) => string;

/**
 * Compiled serializers by their JSON Schema's text: many routes answer the same shapes (every
 * declared error status writes the one error body), and each is compiled once.
 */
const compiledByJsonSchema = new Map<string, Serializer | null>();

function compiledSerializer(jsonSchema: JsonSchema): Serializer | null {
  const prepared = prepare(jsonSchema) as JsonSchema;
  const key = JSON.stringify(prepared);
  let compiled = compiledByJsonSchema.get(key);
  if (compiled === undefined) {
    try {
      compiled = fastJsonStringify(prepared);
    } catch {
      // fast-json-stringify cannot compile it: the zod provider's serializer writes it.
      compiled = null;
    }
    compiledByJsonSchema.set(key, compiled);
  }
  return compiled;
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas. A schema that JSON Schema
 * can express is compiled into a fast-json-stringify function: it writes exactly the properties
 * the schema declares (unknown keys never leave the server, as zod's parse stripped them),
 * defaults included, without building the parsed copy zod's parse made of every answer. Any
 * other schema (transforms, dates, bigints, …) keeps the zod provider's parse and
 * JSON.stringify, so its answers are written as before. Fastify asks for every route and status
 * at start; each is compiled when it first answers, so the start does not pay for hundreds of
 * compilations.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  let serializer: Serializer | null = null;
  return (data: unknown) => {
    if (serializer === null) {
      const schema = zodSchemaOf(route.schema);
      const jsonSchema = schema === null ? null : outputJsonSchema(schema);
      serializer =
        (jsonSchema === null ? null : compiledSerializer(jsonSchema)) ??
        ((zodSerializerCompiler as FastifySchemaCompiler<unknown>)(route) as Serializer);
    }
    return serializer(data);
  };
};

/** For tests: whether a response schema is written by a compiled serializer. */
export function hasCompiledSerializer(schema: ZodType): boolean {
  const jsonSchema = outputJsonSchema(schema);
  return jsonSchema !== null && compiledSerializer(jsonSchema) !== null;
}
