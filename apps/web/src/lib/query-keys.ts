/**
 * Query key prefixes the app layer invalidates across features. A feature that owns such
 * queries keys them under its prefix here, so invalidations from elsewhere reach them. They are
 * shared code (not the app layer's) because the features key their queries with them, and
 * features never import the app layer.
 */

/**
 * Queries of the wheel of luck live under this prefix (its API is `/api/v2/turbine_of_luck/*`);
 * prizes are shown in the primary currency, so a currency switch refetches them (spec §4), and
 * a completed transaction refreshes the wheel data (shell spec §4).
 */
export const wheelQueryKeyPrefix = ['turbine_of_luck'] as const;

/** Queries of the bonuses (drawers, lists, wagering); a balance event refreshes them. */
export const bonusesQueryKeyPrefix = ['bonuses'] as const;
