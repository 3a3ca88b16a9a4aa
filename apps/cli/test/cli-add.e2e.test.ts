import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/**
 * `massgen add` as a user meets it, without touching the network: `--dry-run` shows where a
 * plugin would go and the exact command, which a real `massgen add` runs (test/packed-massgen.test.ts
 * installs for real with npm and pnpm).
 */
let directory: string;

beforeAll(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-cli-add-')));
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('massgen add', () => {
  it.each([
    ['pnpm-lock.yaml', 'pnpm add massgen-backend-acme'],
    ['package-lock.json', 'npm install massgen-backend-acme'],
    ['yarn.lock', 'yarn add massgen-backend-acme'],
    ['bun.lock', 'bun add massgen-backend-acme'],
  ])(
    'in a project with %s, shows the command it runs there and, with --dry-run, runs nothing',
    async (lockfile, command) => {
      const project = path.join(directory, lockfile.replace(/\W/g, '-'));
      mkdirSync(path.join(project, 'src'), { recursive: true });
      writeFileSync(path.join(project, 'package.json'), '{ "name": "app", "private": true }\n');
      writeFileSync(path.join(project, lockfile), '');
      const result = await runCli(['add', '--dry-run', 'massgen-backend-acme'], { cwd: path.join(project, 'src') });
      expect(result.code, result.stderr).toBe(0);
      const manager = command.split(' ')[0] ?? '';
      expect(result.stderr).toBe(`Installing into ${project} with ${manager}:\n  $ ${command}\n`);
      expect(result.stdout).toBe('');
      expect(existsSync(path.join(project, 'node_modules'))).toBe(false);
    },
  );

  it('adds an MCP integration by its mcp- name at this version, and refuses one MassGen does not publish', async () => {
    const project = path.join(directory, 'integrations');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{ "name": "app", "private": true }\n');
    writeFileSync(path.join(project, 'package-lock.json'), '');
    const result = await runCli(['add', '--dry-run', 'mcp-filesystem'], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^Installing into .* with npm:\n {2}\$ npm install @massgen\/mcp-filesystem@\d+\.\d+\.\d+\n$/,
    );
    const unknown = await runCli(['add', 'mcp-weather'], { cwd: project });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'massgen add: MassGen publishes no MCP integration "weather"; its integrations are mcp-filesystem, mcp-memory, mcp-postgres, mcp-sequential-thinking. To add another package, give its name: massgen add <package>.\n',
    );
  });

  it('says what to write instead of a provider name, and names the closest type for a typo', async () => {
    const ollama = await runCli(['add', 'ollama'], { cwd: directory });
    expect(ollama.code).toBe(1);
    expect(ollama.stderr).toBe(
      'massgen add: no plugin to add for "ollama": MassGen-TS has no "ollama" type; write type: "chatcompletion" with base_url: http://localhost:11434/v1 (Ollama needs no key).\n',
    );
    const typo = await runCli(['add', 'antropic'], { cwd: directory });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      'massgen add: MassGen publishes no plugin for backend type "antropic" (did you mean "claude"?).',
    );
    expect(typo.stderr).not.toMatch(/\n\s+at /);
  });

  it('explains itself with --help in one paragraph, wrapped to the terminal', async () => {
    const result = await runCli(['add', '--help'], { cwd: directory });
    expect(result.code).toBe(0);
    const paragraph = result.stdout.split('\n\n')[1]?.split('\n') ?? [];
    expect(paragraph.join(' ')).toContain('Installs into the project in this directory (with its package manager:');
    // Every line but the last is filled: the text is not broken by hand inside the wrapping.
    for (const line of paragraph.slice(0, -1)) expect(line.length, line).toBeGreaterThan(60);
  });
});
