/** Runs every benchmark in bench/ on one throw-away PostgreSQL server (see README). */
import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestPostgres } from './support.ts';

const directory = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = (await readdir(directory))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !only || file.startsWith(only))
  .sort();

const postgres = await startTestPostgres({
  flags: (process.env.BENCH_PG_FLAGS ?? '').split(' ').filter(Boolean),
});
try {
  for (const file of files) {
    console.info(`\n== ${file}`);
    const module = (await import(pathToFileURL(`${directory}/${file}`).href)) as {
      run: (adminUrl: string) => Promise<void>;
    };
    await module.run(postgres.adminUrl);
  }
} finally {
  await postgres.stop();
}
