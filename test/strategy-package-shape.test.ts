import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The strategy package convention (CONTRIBUTING.md, "Add a strategy"). Every
 * `packages/strategy-*` is `@massgen/strategy-<name>`, so `orchestrator.strategy: <name>` loads
 * it, exports `specificationVersion: 'v1'` and a `createStrategy()` that returns a strategy named
 * `<name>`, and has a README, its build files and tests beside its code.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const strategyDirectories = readdirSync(path.join(root, 'packages')).filter((name) => name.startsWith('strategy-'));

describe.each(strategyDirectories)('packages/%s', (directory) => {
  const name = directory.slice('strategy-'.length);

  it('is named so orchestrator.strategy loads it by name', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'packages', directory, 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(manifest.name).toBe(`@massgen/${directory}`);
  });

  it('exports specificationVersion and createStrategy, which makes a strategy of that name', async () => {
    const module = (await import(path.join(root, 'packages', directory, 'src/index.ts'))) as Record<string, unknown>;
    expect(module['specificationVersion']).toBe('v1');
    expect(typeof module['createStrategy']).toBe('function');
    const strategy = (module['createStrategy'] as () => { name: string; run: unknown })();
    expect(strategy.name).toBe(name);
    expect(typeof strategy.run).toBe('function');
  });

  it('has a README, its build files and tests beside its code', () => {
    for (const file of ['README.md', 'tsconfig.json', 'tsup.config.ts', 'src/index.ts'])
      expect(existsSync(path.join(root, 'packages', directory, file)), file).toBe(true);
    const sources = readdirSync(path.join(root, 'packages', directory, 'src'));
    expect(sources.some((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});
