import { startTestPostgres } from '../../apps/server/test/support/postgres.ts';

/** One PostgreSQL server for the browser run; each worker's app gets its own database. */
export default async function globalSetup() {
  const postgres = await startTestPostgres();
  process.env.E2E_ADMIN_DATABASE_URL = postgres.adminUrl;
  return async () => {
    await postgres.stop();
  };
}
