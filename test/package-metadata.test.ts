import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What every published package needs, checked on the workspace manifests (packed-install.test.ts checks the tarballs). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDirectories = [...readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}`), 'apps/cli'];

describe.each(packageDirectories)('%s', (directory) => {
  const manifest = JSON.parse(readFileSync(path.join(root, directory, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;

  it('has a description, license, repository, engines, sideEffects, files and a README', () => {
    expect(typeof manifest['description']).toBe('string');
    expect(manifest['license']).toBe('Apache-2.0');
    expect(manifest['repository']).toMatchObject({ type: 'git', directory });
    expect(manifest['engines']).toEqual({ node: '>=20.11' });
    expect(typeof manifest['sideEffects']).toBe('boolean');
    expect(manifest['files']).toContain('dist');
    expect(manifest['type']).toBe('module');
    expect(existsSync(path.join(root, directory, 'README.md'))).toBe(true);
  });

  it('lists types before import in exports, and publishes them without the workspace source condition', () => {
    const exports = manifest['exports'] as Record<string, Record<string, string> | string>;
    const published = (manifest['publishConfig'] as { access?: string; exports?: typeof exports } | undefined) ?? {};
    expect(published.access).toBe('public');
    for (const [subpath, conditions] of Object.entries(exports)) {
      if (typeof conditions === 'string') {
        expect(published.exports?.[subpath]).toBe(conditions);
        continue;
      }
      const { '@massgen/source': source, ...rest } = conditions;
      expect(source, subpath).toMatch(/^\.\/src\/.+\.tsx?$/);
      expect(Object.keys(rest)[0], subpath).toBe('types');
      expect(published.exports?.[subpath]).toEqual(rest);
    }
  });
});
