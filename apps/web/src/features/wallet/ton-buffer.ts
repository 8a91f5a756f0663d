import { Buffer } from 'buffer';

/**
 * `@ton/core` uses Node's global `Buffer`, which browsers lack. Imported before `@ton/core` (ES
 * modules run in import order), it provides the same API from the `buffer` package.
 */
const scope = globalThis as { Buffer?: typeof Buffer };
scope.Buffer ??= Buffer;
