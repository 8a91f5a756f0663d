import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** The routes a client can call: one per method and URL (Fastify's automatic HEAD routes left out). */
export function callableRoutes(routes: readonly RouteOptions[]) {
  const seen = new Set<string>();
  const result: Array<{ method: string; url: string; route: RouteOptions }> = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ method, url: route.url, route });
    }
  }
  return result;
}

export type InputLocation = 'querystring' | 'params' | 'body' | 'headers';

/** One place a route takes a string from the client: a query or path parameter, a header, or a
 * string anywhere in the JSON body (`path` through objects, arrays `0` and map keys). */
export interface StringInput {
  location: InputLocation;
  path: string[];
  /** the string is the last path segment itself: a key of a map (record) */
  isKey: boolean;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
};

function toJsonSchema(schema: unknown): JsonSchema | null {
  if (schema === undefined || schema === null) return null;
  if (schema instanceof z.ZodType) {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return schema as JsonSchema;
}

/** Map key used when a probe must pick one. */
export const probeMapKey = 'probe';

function bodyStringPaths(root: JsonSchema): StringInput[] {
  const found: StringInput[] = [];
  const seen = new Set<string>();
  const add = (path: string[], isKey: boolean) => {
    const id = `${isKey}:${path.join('\u0001')}`;
    if (seen.has(id)) return;
    seen.add(id);
    found.push({ location: 'body', path, isKey });
  };
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (schema.$ref?.startsWith('#/$defs/')) {
      return root.$defs?.[schema.$ref.slice('#/$defs/'.length)] ?? {};
    }
    return schema;
  };
  const walk = (raw: JsonSchema, path: string[], depth: number) => {
    if (depth > 8) return;
    const schema = resolve(raw);
    for (const branch of [
      ...(schema.anyOf ?? []),
      ...(schema.oneOf ?? []),
      ...(schema.allOf ?? []),
    ]) {
      walk(branch, path, depth + 1);
    }
    const types = schema.type === undefined ? [] : [schema.type].flat();
    const unconstrained =
      types.length === 0 &&
      schema.anyOf === undefined &&
      schema.oneOf === undefined &&
      schema.allOf === undefined &&
      schema.$ref === undefined &&
      schema.enum === undefined &&
      schema.const === undefined &&
      schema.properties === undefined;
    if (types.includes('string') || unconstrained) add(path, false);
    if (typeof schema.enum?.[0] === 'string' || typeof schema.const === 'string') add(path, false);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      walk(property, [...path, name], depth + 1);
    }
    if (typeof schema.additionalProperties === 'object') {
      add([...path, probeMapKey], true);
      walk(schema.additionalProperties, [...path, probeMapKey], depth + 1);
    }
    const items = [
      ...(Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []),
      ...(schema.prefixItems ?? []),
    ];
    for (const item of items) walk(item, [...path, '0'], depth + 1);
  };
  walk(root, [], 0);
  return found;
}

/** Every string input a route declares in its schema. */
export function stringInputs(route: RouteOptions): StringInput[] {
  const schema = (route.schema ?? {}) as Partial<Record<InputLocation, unknown>>;
  const inputs: StringInput[] = [];
  for (const location of ['querystring', 'params', 'headers'] as const) {
    const json = toJsonSchema(schema[location]);
    for (const name of Object.keys(json?.properties ?? {})) {
      inputs.push({ location, path: [name], isKey: false });
    }
  }
  // A path parameter the schema does not name (a route without a params schema) is input too.
  for (const match of route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)) {
    const name = match[1] ?? '*';
    if (!inputs.some((input) => input.location === 'params' && input.path[0] === name)) {
      inputs.push({ location: 'params', path: [name], isKey: false });
    }
  }
  const body = toJsonSchema(schema.body);
  if (body) inputs.push(...bodyStringPaths(body));
  return inputs;
}

/** A value with `leaf` at `path` (objects, and arrays where the segment is `0`). */
export function nestedValue(path: readonly string[], leaf: unknown): unknown {
  let value = leaf;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const segment = path[index] as string;
    value = segment === '0' ? [value] : { [segment]: value };
  }
  return value;
}

/** The URL with each path parameter filled: `values` by name, else `fallback`. */
export function fillUrl(url: string, values: Record<string, string>, fallback: string): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (_whole, name: string | undefined) =>
    encodeURIComponent(values[name ?? '*'] ?? fallback),
  );
}
