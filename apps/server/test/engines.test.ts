// Every installed package must run on the oldest Node the root package.json admits: a dependency that moves to
// a newer Node (content-disposition@3 and cookie@2 asked for Node 22) fails here before it fails a deployment.
// Such a package is pinned with an override in the root package.json to its last release that runs here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(resolve(root, file), 'utf8'));

describe('Node engines', () => {
  it('every locked package admits the oldest Node the product claims to run on', () => {
    const oldest = semver.minVersion(readJson('package.json').engines.node);
    expect(oldest).not.toBeNull();
    const packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, info]) => typeof info.engines === 'object' && !Array.isArray(info.engines))
      .filter(([, info]) => {
        const range = (info.engines as { node?: string }).node;
        return range !== undefined && !semver.satisfies(oldest!, range);
      })
      .map(([path, info]) => `${path}@${info.version} (node ${(info.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });

  it('the machine running the tests is one the product admits', () => {
    expect(semver.satisfies(process.versions.node, readJson('package.json').engines.node)).toBe(true);
  });
});
