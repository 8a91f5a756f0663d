/**
 * Zod without its compiled parsers in the browser. Zod compiles object schemas with
 * `new Function` where a page allows it, and finds out by trying once: under the app's
 * Content-Security-Policy (no `unsafe-eval`) the try is refused and reported as a violation
 * (browsers' issue panels, Lighthouse's best practices). The app never allows eval, so zod is told
 * up front through its global configuration, the object `z.config()` writes; set here, before
 * any chunk that holds zod loads, it costs the first load no zod code.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
