import { fileURLToPath } from 'node:url';

/** The repository root, resolved from this file so that the working directory does not matter. */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** apps/server, home of the numbered SQL migrations. */
export const serverRoot = fileURLToPath(new URL('../', import.meta.url));

export const migrationsDirectory = fileURLToPath(new URL('../migrations/', import.meta.url));

/** src/modules: each module's stored functions and triggers live in its `db/` folder. */
export const modulesDirectory = fileURLToPath(new URL('./modules/', import.meta.url));
