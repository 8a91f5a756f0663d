/**
 * What a "module" is, for the boundary checks (check-imports.ts, table-ownership.test.ts).
 *
 * A module is a folder `src/modules/<wing>/<module>/` (e.g. `promotions/bonuses`), except
 * `realtime/`, which is a wing and a module at once, and the cashier's rails
 * `money/cashier/rails/<rail>/`, each a module of its own. A module's sub-folders belong to it
 * (`rails/crypto/chains/` is the crypto rail). Files directly in a wing folder
 * (`modules/<wing>/*.ts`) belong to no module: they compose the wing's modules, as
 * `src/services.ts` composes the wings.
 */

/** Captures the module name from a path relative to apps/server (`src/modules/...`). */
export const modulePathPattern =
  /^src\/modules\/(realtime|money\/cashier\/rails\/[^/]+|[^/]+\/[^/]+)\//;

/** The module a file belongs to (`money/cashier/rails/crypto`), or null outside modules. */
export function moduleOf(serverRelativePath: string): string | null {
  return modulePathPattern.exec(serverRelativePath)?.[1] ?? null;
}
