import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/**
 * A backend added with zero edits outside its package: `tools/massgen-backend-fixture` (published
 * outside the @massgen scope, type `fixture`, model pattern `echo-*`) installed in a project is
 * listed by `massgen init` and chosen by `--model` from its own metadata.
 */
const fixturePackage = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../tools/massgen-backend-fixture',
);

let project: string;

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'massgen-third-party-'));
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(fixturePackage, path.join(project, 'node_modules', 'massgen-backend-fixture'), 'dir');
});

afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('a third-party backend package installed in the project', () => {
  it('is listed by massgen init and written with its default model', async () => {
    const help = await runCli(['init', '--help'], { cwd: project });
    expect(help.stdout).toMatch(/Backend types: .*\bfixture\b/);

    const init = await runCli(['init', '--yes', '--backends', 'fixture', '--output', 'team.yaml'], { cwd: project });
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('Wrote team.yaml: fixture (fixture, echo-1)');
    expect(readFileSync(path.join(project, 'team.yaml'), 'utf8')).toContain('type: "fixture"');
  });

  it('is chosen by --model from the model patterns in its metadata, and runs', async () => {
    const run = await runCli(['--model', 'echo-7', '--no-display', '--no-record', 'Hello there'], { cwd: project });
    expect(run.stderr).not.toContain('No package found');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('echo: ');
  });

  it('leaves other models to the first-party backends', async () => {
    const run = await runCli(['--model', 'claude-sonnet-4-6', '--no-display', '--no-record', 'q'], {
      cwd: project,
      env: { ANTHROPIC_API_KEY: '' },
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('ANTHROPIC_API_KEY');
  });
});
