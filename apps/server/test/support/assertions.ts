import { type ErrorCode, errorBodySchema, errorStatusByCode } from '@casino/contract';
import { expect } from 'vitest';

interface InjectedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  json(): unknown;
}

/** Asserts the one error body: code, status from the table, key = x-request-id, ISO time. */
export function expectError(response: InjectedResponse, code: ErrorCode) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(errorStatusByCode[code]);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.detail).toBe(code);
  expect(body.key).toBe(response.headers['x-request-id']);
  expect(new Date(body.time).toISOString()).toBe(body.time);
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
