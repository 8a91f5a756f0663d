import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { localePartsPlugin } from './apps/web/build/locale-parts.ts';

/**
 * Integration files known to run long (measured on the 2-core runner: the simulator's demo
 * hours, the database restart, the realtime fan-out, the server processes behind PgBouncer).
 * A fresh clone has no Vitest cache, so Vitest orders files by size and these small files
 * started last and ran alone at the end of the stage; started first, the short files fill
 * the other workers around them.
 */
const longFilesFirst = [
  'apps/server/test/sport-simulator.int.test.ts',
  'apps/server/test/embedded-postgres-recovery.int.test.ts',
  'apps/server/test/realtime-delivery.int.test.ts',
  'apps/server/test/scale-out.int.test.ts',
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = longFilesFirst.findIndex((path) => file.moduleId.endsWith(path));
      return index === -1 ? longFilesFirst.length : index;
    };
    // stable: the rest keep Vitest's order (its cached durations, else the largest first)
    return sorted
      .map((file, position) => ({ file, position, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs the files one at a time on a
    // 2-core machine, although they mostly wait: on PostgreSQL (integration) or on module
    // imports (unit). One more worker than the cores measured 430 → 271 s (integration) and
    // 148 → 94 s (unit) here.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // `@/` is the player app's src (as in apps/web/tsconfig.json and vite.config.ts).
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        // the player app's texts, a part of a language at a time (as the app's build cuts them)
        plugins: [localePartsPlugin()],
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/*.test.ts',
          ],
          environment: 'node',
          // a guard against a hung test, not a timing: Vitest's 5 s default failed a property
          // test of a few hundred small strings while the 2-core machine ran other work
          testTimeout: 20_000,
          // English for the player app's tests (it loads each language on demand)
          setupFiles: ['apps/web/src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.int.test.ts'],
          // The files share each worker's modules instead of importing the server anew each
          // (Vitest's isolation): importing it was most of a file's CPU, and the stage is
          // CPU-bound on 2 cores (measured: the whole stage 500 → 224 s on one machine). Every
          // file builds its own app on its own database and restores what it spies on; nothing
          // here mocks a module (a route-probing test hears of routes through `onRoute`).
          isolate: false,
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
