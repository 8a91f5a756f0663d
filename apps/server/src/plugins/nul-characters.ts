import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { fieldsWithNul, maxNulFieldsReported, nulCharactersError } from '../lib/nul-characters.ts';

/** The fields of a request whose strings hold U+0000: path and query parameters, the parsed JSON
 * body at any depth (keys included) and header values. */
export function requestFieldsWithNul(request: FastifyRequest): string[] {
  const fields = [
    ...fieldsWithNul(request.params, 'params'),
    ...fieldsWithNul(request.query, 'query'),
  ];
  // A raw body (the provider callbacks verify a signature over the bytes) is checked where it is
  // parsed; everything else arrives here parsed from JSON.
  if (!Buffer.isBuffer(request.body)) fields.push(...fieldsWithNul(request.body, 'body'));
  // Node's HTTP parser already refuses U+0000 in a header; other ways in (inject) do not.
  for (const name in request.headers) {
    const value = request.headers[name];
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'string' && item.includes('\u0000'))) {
      fields.push(name);
    }
  }
  return fields.slice(0, maxNulFieldsReported);
}

/**
 * Every route, before its schema is applied: a string holding U+0000 anywhere in the request is
 * 400 validation_error naming each such field with `Validation.invalid_characters`, so it never
 * reaches PostgreSQL (which refuses it, and the request answered 500) nor anything else.
 */
export default fastifyPlugin(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const fields = requestFieldsWithNul(request);
      if (fields.length === 0) {
        done();
        return;
      }
      done(nulCharactersError(fields));
    });
  },
  { name: 'nul-characters' },
);
