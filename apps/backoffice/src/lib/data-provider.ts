import type {
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  GetListResponse,
  Pagination,
} from '@refinedev/core';
import { type ApiRequest, api, apiBase, newIdempotencyKey, type QueryValue } from './api.ts';
import { type ResourceDefinition, resourceDefinition } from './resources.ts';

/**
 * Refine's data provider over the operator API. Conventions (README-skeleton.md):
 * - a resource is a name registered with its contract schema (`resources.ts`), or a path;
 * - lists take `limit`/`offset`, the first sorter as `sort`/`order`, and each filter's field as
 *   a query parameter of the same name (`eq`, `contains`), `<field>From`/`<field>To` for
 *   `gte`/`lte`; they answer `{ items, meta: { total } }` (`totalCapped`: `total` is a lower
 *   bound, counted up to 1,000 rows past the page's start; passed on as the response's
 *   `totalCapped`);
 * - `meta.params` fills `:params` of the path; `meta.idempotent` sends an Idempotency-Key.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => apiBase,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const definition = resourceDefinition(resource);
    const unpaginated = definition?.unpaginated ?? false;
    const query: Record<string, QueryValue> = {
      ...(unpaginated ? {} : pageQuery(pagination)),
      ...sortQuery(sorters),
      ...filterQuery(filters),
      ...(meta?.query as Record<string, QueryValue> | undefined),
    };
    const body = await api<unknown>(resolvePath(resource, definition, meta), {
      query,
      signal: meta?.signal as AbortSignal | undefined,
    });
    const items = parseItems(definition, listItems(body, definition?.itemsKey));
    const listed = listMeta(body);
    const total = listed.total ?? items.length;
    if (unpaginated && pagination?.mode !== 'off') {
      const { currentPage = 1, pageSize = 25 } = pagination ?? {};
      const start = (currentPage - 1) * pageSize;
      return { data: items.slice(start, start + pageSize), total } as GetListResponse<never>;
    }
    return { data: items as never[], total, totalCapped: listed.totalCapped };
  },

  async getOne({ resource, id, meta }) {
    const definition = resourceDefinition(resource);
    const body = await api<unknown>(
      `${resolvePath(resource, definition, meta)}/${encodeURIComponent(String(id))}`,
    );
    return { data: parseItem(definition, body) as never };
  },

  async create({ resource, variables, meta }) {
    const definition = resourceDefinition(resource);
    const body = await api<unknown>(resolvePath(resource, definition, meta), {
      method: 'POST',
      body: variables,
      ...idempotency(meta),
    });
    return { data: (body ?? {}) as never };
  },

  async update({ resource, id, variables, meta }) {
    const definition = resourceDefinition(resource);
    const body = await api<unknown>(
      `${resolvePath(resource, definition, meta)}/${encodeURIComponent(String(id))}`,
      { method: definition?.updateMethod ?? 'PATCH', body: variables, ...idempotency(meta) },
    );
    return { data: (body ?? {}) as never };
  },

  async deleteOne({ resource, id, meta }) {
    const definition = resourceDefinition(resource);
    const body = await api<unknown>(
      `${resolvePath(resource, definition, meta)}/${encodeURIComponent(String(id))}`,
      { method: 'DELETE' },
    );
    return { data: (body ?? {}) as never };
  },

  async custom({ url, method, payload, query, meta }) {
    const request: ApiRequest = {
      method: method.toUpperCase() as ApiRequest['method'],
      query: query as Record<string, QueryValue> | undefined,
      body: method === 'get' || method === 'delete' ? undefined : (payload ?? {}),
      ...idempotency(meta),
    };
    const body = await api<BaseRecord>(url, request);
    return { data: (body ?? {}) as never };
  },
};

function resolvePath(
  resource: string,
  definition: ResourceDefinition | undefined,
  meta: Record<string, unknown> | undefined,
): string {
  const template = definition?.path ?? (resource.startsWith('/') ? resource : `/${resource}`);
  const params = (meta?.params ?? {}) as Record<string, string | number>;
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Resource ${resource}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

function pageQuery(pagination: Pagination | undefined): Record<string, QueryValue> {
  if (pagination?.mode === 'off') return {};
  const currentPage = pagination?.currentPage ?? 1;
  const pageSize = pagination?.pageSize ?? 25;
  return { limit: pageSize, offset: (currentPage - 1) * pageSize };
}

function sortQuery(sorters: CrudSort[] | undefined): Record<string, QueryValue> {
  const first = sorters?.[0];
  return first ? { sort: first.field, order: first.order } : {};
}

function filterQuery(filters: CrudFilter[] | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value = filter.value as QueryValue;
    if (filter.operator === 'gte') query[`${filter.field}From`] = value;
    else if (filter.operator === 'lte') query[`${filter.field}To`] = value;
    else query[filter.field] = value;
  }
  return query;
}

function listItems(body: unknown, itemsKey: string | undefined): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const value = (body as Record<string, unknown>)[itemsKey ?? 'items'];
    if (Array.isArray(value)) return value;
  }
  return [];
}

/** `meta.total`, and `meta.totalCapped`: the list has more rows than `total` counted (pagination.ts) */
function listMeta(body: unknown): { total?: number; totalCapped: boolean } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { totalCapped: false };
  const meta = (body as { meta?: { total?: unknown; totalCapped?: unknown } }).meta;
  return {
    ...(typeof meta?.total === 'number' ? { total: meta.total } : {}),
    totalCapped: meta?.totalCapped === true,
  };
}

function parseItem(definition: ResourceDefinition | undefined, value: unknown): unknown {
  if (!definition) return value;
  const parsed = definition.item.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`The server's ${definition.path} answer does not match the contract`);
}

function parseItems(definition: ResourceDefinition | undefined, items: unknown[]): BaseRecord[] {
  const parsed = items.map((item) => parseItem(definition, item) as BaseRecord);
  const idField = definition?.idField;
  if (!idField || idField === 'id') return parsed;
  return parsed.map((item) => ({ ...item, id: item[idField] }));
}

function idempotency(
  meta: Record<string, unknown> | undefined,
): Pick<ApiRequest, 'idempotencyKey'> {
  if (!meta?.idempotent) return {};
  const key = typeof meta.idempotencyKey === 'string' ? meta.idempotencyKey : newIdempotencyKey();
  return { idempotencyKey: key };
}
