// Builds the server for `npm start`: one ES module, dist/main.js (with its source map), from
// src/main.ts and the shared contract (@casino/contract is TypeScript, so it is bundled); every
// other package stays an import of node_modules. dist/ sits beside src/, at the same depth, so
// src/paths.ts finds the migrations and the modules' stored SQL from either (see there).
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));
const outdir = join(serverRoot, 'dist');

/** Packages are imported from node_modules at run time, except the workspace's own TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@casino/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(serverRoot, 'src/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Errors keep their class and function names in logs (the error handler reads error.name).
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
