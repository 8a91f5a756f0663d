import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../src/db/migrate.ts';
import { recreateDatabase, startTestPostgres, templateDatabaseName } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server per run; a migrated template that each test file clones. The files'
 * temporary directories (receipt stores, data directories, configuration files) go under one
 * directory of the run, set as `TMPDIR` before the workers start and removed when the run ends,
 * instead of each file's own left behind in the machine's temporary directory.
 */
export default async function setup(project: TestProject) {
  const runDirectory = mkdtempSync(join(tmpdir(), 'casino-test-run-'));
  chmodSync(runDirectory, 0o1777); // as the machine's: PostgreSQL and PgBouncer run as their users
  process.env.TMPDIR = runDirectory;
  const postgres = await startTestPostgres();
  const templateUrl = await recreateDatabase(postgres.adminUrl, templateDatabaseName);
  await runMigrations(templateUrl);
  project.provide('adminDatabaseUrl', postgres.adminUrl);
  return async () => {
    await postgres.stop();
    rmSync(runDirectory, { recursive: true, force: true });
  };
}
