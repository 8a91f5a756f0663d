import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../src/db/migrate.ts';
import { recreateDatabase, startTestPostgres, templateDatabaseName } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/** One PostgreSQL server per run; a migrated template that each test file clones. */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const templateUrl = await recreateDatabase(postgres.adminUrl, templateDatabaseName);
  await runMigrations(templateUrl);
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  return async () => {
    await postgres.stop();
  };
}
