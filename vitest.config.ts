import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
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

const unitIncludes = [
  'packages/*/src/**/*.test.ts',
  'apps/*/src/**/*.test.{ts,tsx}',
  'apps/web/build/*.test.ts',
];

/**
 * The unit files that get modules of their own (Vitest's isolation): those that render in
 * happy-dom (`// @vitest-environment happy-dom` on their first line) share singletons with the
 * page (the i18n instance, stores, the document Testing Library's `screen` binds to; two mock the
 * realtime provider), and the i18n tests check the instance's state from its start (English
 * alone). Sharing modules failed tests of other files depending on the order (shuffled runs).
 */
const isolatedUnitTests = [
  ...unitIncludes
    .flatMap((pattern) => globSync(pattern, { cwd: import.meta.dirname }))
    .filter((file) =>
      readFileSync(new URL(file, import.meta.url), 'utf8').startsWith(
        '// @vitest-environment happy-dom',
      ),
    ),
  'apps/web/src/lib/i18n.test.ts',
];

const unitProject = {
  // `@/` is the player app's src (as in apps/web/tsconfig.json and vite.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  // the player app's texts, a part of a language at a time (as the app's build cuts them)
  plugins: [localePartsPlugin()],
  test: {
    include: unitIncludes,
    environment: 'node',
    // a guard against a hung test, not a timing: Vitest's 5 s default failed a property
    // test of a few hundred small strings while the 2-core machine ran other work
    testTimeout: 20_000,
    // English for the player app's tests (it loads each language on demand)
    setupFiles: ['apps/web/src/test-setup.ts'],
  },
};

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
        ...unitProject,
        test: {
          ...unitProject.test,
          name: 'unit',
          exclude: [...configDefaults.exclude, ...isolatedUnitTests],
          // The files share each worker's modules (as the integration files do): importing the
          // app's modules and its English texts anew for every file was most of the stage.
          isolate: false,
        },
      },
      {
        ...unitProject,
        test: {
          ...unitProject.test,
          name: 'unit-isolated',
          include: isolatedUnitTests,
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
