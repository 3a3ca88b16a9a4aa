import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One way to reach the parts of a package that are not its public API, in every package:
 * - `./internal` holds what sibling `@massgen/*` packages share and users
 *   should not rely on; only `@massgen/*` packages import it;
 * - `./testing` holds test helpers (fake models, fixtures); the root entry
 *   never re-exports them, so production code cannot pull them in by accident;
 * - any other subpath is listed here with the reason it exists.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const otherSubpaths: Readonly<Record<string, string>> = {
  'massgen ./schema.json': 'the JSON Schema of configuration files, for editors',
  '@massgen/tui ./live-display': 'the live display, loaded only when a terminal shows it',
  '@massgen/batch ./queue': 'queue mode (BullMQ over Redis), loaded only with --queue',
  '@massgen/testing ./vitest':
    "suites that call vitest's describe and it (the backend failure contract), so the root entry works without vitest",
  '@massgen/testing ./strategy':
    'helpers for the tests of a coordination strategy (run it, pick its events, read its prompts), apart from the provider fakes',
};

const packageDirectories = ['packages', 'apps', 'tools'].flatMap((group) =>
  readdirSync(path.join(root, group))
    .map((name) => path.join(group, name))
    .filter((directory) => existsSync(path.join(root, directory, 'package.json'))),
);

function manifestOf(directory: string): { name: string; exports?: Record<string, unknown> } {
  return JSON.parse(readFileSync(path.join(root, directory, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, unknown>;
  };
}

function sourceFiles(directory: string): string[] {
  const source = path.join(root, directory, 'src');
  if (!existsSync(source)) return [];
  return readdirSync(source, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(source, file));
}

describe.each(packageDirectories)('%s', (directory) => {
  const manifest = manifestOf(directory);

  it('exposes internals only as ./internal and test helpers only as ./testing', () => {
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (subpath === '.' || subpath === './package.json') continue;
      if (subpath === './internal' || subpath === './testing') {
        const source = (target as Record<string, string>)['@massgen/source'] ?? '';
        expect(source, subpath).toMatch(/^\.\/src\/[a-z-]+\.ts$/);
        expect(existsSync(path.join(root, directory, source)), source).toBe(true);
        continue;
      }
      expect(otherSubpaths[`${manifest.name} ${subpath}`], `${manifest.name} ${subpath}`).toBeDefined();
    }
  });

  it('keeps test helpers out of its root entry', () => {
    const index = path.join(root, directory, 'src/index.ts');
    if (!existsSync(index)) return;
    const reExports = [...readFileSync(index, 'utf8').matchAll(/from '(\.[^']+)'/g)].map((match) => match[1]);
    expect(
      reExports.filter((file) => /(^|\/)(testing|test-support|.*-test-support)(\/|\.|$)/.test(file ?? '')),
    ).toEqual([]);
  });

  it("imports another package's ./internal only when both are MassGen's own", () => {
    const importsOfInternal = sourceFiles(directory).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '((?:@[^/']+\/)?[^/']+)\/internal'/g)].map((match) => match[1]),
    );
    for (const imported of importsOfInternal) {
      expect(
        manifest.name.startsWith('@massgen/') || manifest.name === 'massgen',
        `${manifest.name} → ${imported}`,
      ).toBe(true);
      expect(imported?.startsWith('@massgen/'), `${manifest.name} → ${imported}`).toBe(true);
    }
  });
});
