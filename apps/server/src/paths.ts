import { fileURLToPath } from 'node:url';

// Resolved from this module's URL, so that the working directory does not matter. That URL is
// apps/server/src/paths.ts when the server runs from source (tsx, tests) and
// apps/server/dist/main.js when it runs built (`npm start`, build.mjs): both sit one level below
// apps/server, so the same relative paths hold for either.

/** The repository root. */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** apps/server, home of the numbered SQL migrations. */
export const serverRoot = fileURLToPath(new URL('../', import.meta.url));

export const migrationsDirectory = fileURLToPath(new URL('../migrations/', import.meta.url));

/** src/modules: each module's stored functions and triggers live in its `db/` folder. */
export const modulesDirectory = fileURLToPath(new URL('../src/modules/', import.meta.url));
