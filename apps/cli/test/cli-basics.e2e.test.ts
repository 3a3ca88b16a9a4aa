import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { runCli } from './run-cli.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const seedDirectory = path.resolve(repositoryRoot, '../shared/examples/seed');
let directory: string;
let server: FakeOpenAIServer;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-cli-basics-'));
  // A loopback server needs no key, as local model servers usually do.
  server = await createFakeOpenAIServer({
    responder: createTeamResponder({ answer: 'Paris.', finalText: 'Paris is the capital of France.' }),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('massgen basics', () => {
  it('prints its version', async () => {
    const result = await runCli(['--version'], { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('explains itself with --help, including exit codes', async () => {
    const result = await runCli(['--help'], { cwd: directory });
    expect(result.code).toBe(0);
    for (const text of ['--config', '--model', '--validate', '--no-display', '--output-file', 'Exit codes'])
      expect(result.stdout).toContain(text);
  });

  it('rejects an unknown flag with exit code 1', async () => {
    const result = await runCli(['--frobnicate'], { cwd: directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown option');
  });

  it('runs one agent from --model with no configuration file', async () => {
    const result = await runCli(
      [
        '--no-display',
        '--model',
        'fake-model',
        '--backend',
        'chatcompletion',
        '--base-url',
        server.url,
        'What is the capital of France?',
      ],
      {
        cwd: directory,
      },
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
      const result = await runCli(['--validate', ...files], { cwd: directory });
      expect(result.stdout).toContain(`${files.length} of ${files.length} valid`);
      expect(result.code).toBe(0);
    });
  },
);

describe('massgen --validate', () => {
  it('fails with exit code 1 and the problem for an invalid file', async () => {
    const result = await runCli(['--validate', 'does-not-exist.yaml'], { cwd: directory });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✗ does-not-exist.yaml');
  });
});
