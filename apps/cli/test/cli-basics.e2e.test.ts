import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { modelArgs, runCli } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const seedDirectory = path.resolve(repositoryRoot, '../shared/examples/seed');

// A loopback server needs no key, as local model servers usually do.
const setup = useFakeServerDirectory('cli-basics', {
  server: () => ({
    responder: createTeamResponder({ answer: 'Paris.', finalText: 'Paris is the capital of France.' }),
  }),
  perFile: true,
});

describe('massgen basics', () => {
  it('prints its version', async () => {
    const result = await runCli(['--version'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('explains itself with --help, including exit codes', async () => {
    const result = await runCli(['--help'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    for (const text of ['--config', '--model', '--validate', '--no-display', '--output-file', 'Exit codes'])
      expect(result.stdout).toContain(text);
  });

  it('rejects an unknown flag with exit code 1', async () => {
    const result = await runCli(['--frobnicate'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown option');
  });

  it('runs one agent from --model with no configuration file', async () => {
    const result = await runCli(
      [
        '--no-display',
        ...modelArgs('fake-model', setup.server.url, 'chatcompletion'),
        'What is the capital of France?',
      ],
      { cwd: setup.directory },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Paris is the capital of France.\n');
  });
});

describe.skipIf(!existsSync(seedDirectory))(
  'massgen --validate on the seed examples (needs ../shared beside the checkout)',
  () => {
    it('accepts every seed configuration', async () => {
      const files = readdirSync(seedDirectory)
        .filter((file) => file.endsWith('.yaml'))
        .map((file) => path.join(seedDirectory, file));
      expect(files.length).toBeGreaterThan(0);
      const result = await runCli(['--validate', ...files], { cwd: setup.directory });
      expect(result.stdout).toContain(`${files.length} of ${files.length} valid`);
      expect(result.code).toBe(0);
    });
  },
);

describe('massgen --validate', () => {
  it('fails with exit code 1 and the problem for an invalid file', async () => {
    const result = await runCli(['--validate', 'does-not-exist.yaml'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ does-not-exist.yaml');
  });
});
