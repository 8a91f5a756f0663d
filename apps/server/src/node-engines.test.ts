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
});
