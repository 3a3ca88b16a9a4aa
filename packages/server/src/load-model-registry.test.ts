import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { loadModelRegistry } from './load-model-registry.js';
import { ModelRegistry } from './model-registry.js';

const agentYaml = (model: string) => `agent:\n  id: a\n  backend:\n    type: chatcompletion\n    model: ${model}\n`;

const scratch = useTemporaryDirectory('registry');

describe('loadModelRegistry', () => {
  it('serves the default file as massgen and each YAML file of the directory as massgen/<name>', async () => {
    writeFileSync(path.join(scratch.path, 'team.yaml'), agentYaml('m0'));
    mkdirSync(path.join(scratch.path, 'named'));
    writeFileSync(path.join(scratch.path, 'named', 'fast.yml'), agentYaml('m1'));
    writeFileSync(path.join(scratch.path, 'named', 'deep.yaml'), agentYaml('m2'));
    writeFileSync(path.join(scratch.path, 'named', 'notes.txt'), 'not a configuration');
    const registry = await loadModelRegistry({
      configFile: 'team.yaml',
      configDirectory: 'named',
      cwd: scratch.path,
      env: {},
    });
    expect(registry.list().map((model) => model.id)).toEqual(['massgen', 'massgen/deep', 'massgen/fast']);
    expect(registry.resolve('massgen/fast')?.config.agents[0]?.backend.model).toBe('m1');
    expect(registry.resolve('massgen/notes')).toBeUndefined();
    expect(registry.resolve('team.yaml')).toBeUndefined();
  });

  it('refuses to start on an invalid file, naming it', async () => {
    mkdirSync(path.join(scratch.path, 'named'));
    writeFileSync(
      path.join(scratch.path, 'named', 'broken.yaml'),
      'agent:\n  id: a\n  backend:\n    type: chatcompletion\n    model: m\n    temperature: hot\n',
    );
    await expect(loadModelRegistry({ configDirectory: 'named', cwd: scratch.path, env: {} })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('broken.yaml'),
    });
  });

  it('refuses two files that would share a model name, an empty directory and nothing at all', async () => {
    mkdirSync(path.join(scratch.path, 'named'));
    await expect(loadModelRegistry({ configDirectory: 'named', cwd: scratch.path, env: {} })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
    });
    writeFileSync(path.join(scratch.path, 'named', 'team.yaml'), agentYaml('m'));
    writeFileSync(path.join(scratch.path, 'named', 'team.yml'), agentYaml('m'));
    await expect(loadModelRegistry({ configDirectory: 'named', cwd: scratch.path, env: {} })).rejects.toThrow(
      /massgen\/team/,
    );
    await expect(loadModelRegistry({ configDirectory: 'missing', cwd: scratch.path, env: {} })).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
    });
    await expect(loadModelRegistry({ cwd: scratch.path, env: {} })).rejects.toThrow(/nothing to serve/);
  });
});

describe('ModelRegistry', () => {
  it('refuses names that do not make clean model ids', async () => {
    writeFileSync(path.join(scratch.path, 'team.yaml'), agentYaml('m'));
    const registry = await loadModelRegistry({ configFile: 'team.yaml', cwd: scratch.path, env: {} });
    const config = registry.resolve('massgen')?.config;
    if (config === undefined) throw new Error('expected the default configuration');
    for (const name of ['', '.hidden', 'a b', 'a/b', '__proto__']) {
      expect(() => new ModelRegistry({ namedConfigs: { [name]: config } }), name).toThrow(/cannot be a model name/);
    }
  });
});
