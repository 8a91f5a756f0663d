/** Runs every benchmark in bench/ on one throw-away PostgreSQL server (see README). */
import { readdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startTestPostgres } from './support.ts';

const directory = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = (await readdir(directory))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !only || file.startsWith(only))
  .sort();

// The ratios depend on the machine as well as on the code: beside the bets bench pgbench
// tpcb-like made 4,700–5,600 tps on one machine of this kind and 1,600–2,500 on another, where the
// app's rates were about a third lower. Each run names the machine it ran on.
const processors = cpus();
console.info(
  `machine: ${processors[0]?.model.trim() ?? 'unknown CPU'} ×${processors.length}, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);

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
