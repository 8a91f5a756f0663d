/**
 * PostgreSQL cannot store U+0000 in `text`, nor `\u0000` in `jsonb`: a statement carrying one
 * fails (22021, 22P05), and a request that let one through answered 500. No field of ours has a
 * use for it, so a client's string holding it is refused at the edge instead, for every route
 * (plugins/nul-characters.ts) and for the bodies the provider callbacks parse themselves.
 */
import { invalidCharactersMessage } from '@casino/contract';
import { AppError } from './app-error.ts';

/** At most this many fields are named; the first ones are enough to fix a request. */
export const maxNulFieldsReported = 20;

const nul = '\u0000';

/** A place in the walked value; its path is rebuilt only when it is reported. */
interface Place {
  value: unknown;
  parent: Place | null;
  key: string;
}

function pathOf(place: Place, root: string): string {
  const segments: string[] = [];
  for (let current: Place | null = place; current?.parent; current = current.parent) {
    segments.push(current.key);
  }
  return segments.length === 0 ? root : segments.reverse().join('.');
}

/**
 * The fields whose string value or key (of an object, at any depth) contains U+0000, named as
 * validation errors name them: path segments joined with dots (`items.0.title`), `root` for the
 * value itself. It walks with its own stack and keeps each place's parent rather than a copy of
 * its path, so a body nested deeper than any call stack costs time in proportion to its size.
 */
export function fieldsWithNul(value: unknown, root: string): string[] {
  const fields: string[] = [];
  const stack: Place[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0 && fields.length < maxNulFieldsReported) {
    const place = stack.pop() as Place;
    const current = place.value;
    if (typeof current === 'string') {
      if (current.includes(nul)) fields.push(pathOf(place, root));
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const children: Place[] = [];
    if (Array.isArray(current)) {
      current.forEach((item, index) => {
        children.push({ value: item, parent: place, key: String(index) });
      });
    } else {
      for (const [key, item] of Object.entries(current)) {
        const child = { value: item, parent: place, key };
        if (key.includes(nul)) fields.push(pathOf(child, root));
        else children.push(child);
      }
    }
    // reversed onto the stack, so fields are found in the order the client wrote them
    for (let index = children.length - 1; index >= 0; index -= 1) {
      stack.push(children[index] as Place);
    }
  }
  return fields.slice(0, maxNulFieldsReported);
}

/** Whether a JSON value holds U+0000 in any string or key. */
export function containsNul(value: unknown): boolean {
  return fieldsWithNul(value, '').length > 0;
}

/** 400 validation_error naming each field with `Validation.invalid_characters`. */
export function nulCharactersError(fields: readonly string[]): AppError {
  return new AppError('validation_error', {
    payload: { fields: fields.map((field) => ({ field, message: invalidCharactersMessage })) },
  });
}
