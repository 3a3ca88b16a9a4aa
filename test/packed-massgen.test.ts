import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnthropicTeamResponder,
  createFakeAnthropicServer,
  createFakeGeminiServer,
  createFakeOpenAIServer,
  createGeminiTeamResponder,
  createTeamResponder,
} from '@massgen/testing';
import type { FakeAnthropicServer, FakeGeminiServer, FakeOpenAIServer } from '@massgen/testing';
import {
  cleanEnv,
  installProject,
  installedSize,
  packWorkspace,
  writeTarballProject,
} from '../scripts/packed-workspace.mjs';

/**
 * `npm install massgen` as a user does it, from the packed tarballs into an empty project: what
 * it installs, that a team runs with nothing else added, and `massgen add` of a plugin for real
 * with npm and with pnpm. Needs `pnpm build` first (`pnpm test` does it).
 */
const minutes = 60_000;
const keys = { openai: 'sk-test-packed-openai-01', claude: 'sk-ant-test-packed-01', gemini: 'AIzaTestPacked-01' };

let directory: string;
let tarballs: Record<string, string>;
let npmProject: string;
let openai: FakeOpenAIServer;
let claude: FakeAnthropicServer;
let gemini: FakeGeminiServer;

interface Result {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a project's installed `massgen` binary (without blocking this process, which serves the fakes). */
function massgen(project: string, args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      path.join(project, 'node_modules/.bin/massgen'),
      args,
      // No provider key from the machine running the tests: each test gives the ones it means.
      { cwd: project, env: cleanEnv({ OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GEMINI_API_KEY: '', ...env }) },
      (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      },
    );
  });
}

function manifestDependencies(file: string): Record<string, string> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-packed-cli-'));
  tarballs = packWorkspace(path.join(directory, 'packs'));
  npmProject = path.join(directory, 'npm-project');
  writeTarballProject(npmProject, { tarballs, names: ['massgen'] });
  installProject(npmProject);
  openai = await createFakeOpenAIServer({
    apiKey: keys.openai,
    responder: createTeamResponder({ answer: 'GPT says 4.', finalText: 'Installed and answering: 4.' }),
  });
  claude = await createFakeAnthropicServer({
    apiKey: keys.claude,
    responder: createAnthropicTeamResponder({ answer: 'Claude says 4.', finalText: 'Installed and answering: 4.' }),
  });
  gemini = await createFakeGeminiServer({
    apiKey: keys.gemini,
    responder: createGeminiTeamResponder({ answer: 'Gemini says 4.', finalText: 'Installed and answering: 4.' }),
  });
}, 6 * minutes);

// Removing several installed projects takes a while on a busy disk.
afterAll(async () => {
  await Promise.all([openai?.close(), claude?.close(), gemini?.close()]);
  rmSync(directory, { recursive: true, force: true });
}, 2 * minutes);

describe('npm install massgen, alone', { timeout: 2 * minutes }, () => {
  it('depends on what every run needs and the light backends, and on no heavy plugin', () => {
    const dependencies = Object.keys(manifestDependencies(path.join(npmProject, 'node_modules/massgen/package.json')));
    expect(dependencies.sort()).toEqual(
      [
        '@massgen/backend-azure-openai',
        '@massgen/backend-claude',
        '@massgen/backend-gemini',
        '@massgen/backend-grok',
        '@massgen/backend-lmstudio',
        '@massgen/backend-openai',
        '@massgen/backend-openai-compatible',
        '@massgen/backend-sglang',
        '@massgen/backend-vllm',
        '@massgen/batch',
        '@massgen/config',
        '@massgen/core',
        '@massgen/mcp',
        '@massgen/run-state',
        '@massgen/runtime',
        '@massgen/server',
        '@massgen/strategy-sequential',
        '@massgen/strategy-vote',
        '@massgen/tools-custom',
        '@massgen/tools-human',
        '@massgen/tools-planning',
        '@massgen/tools-media',
        '@massgen/tools-skills',
        '@massgen/tui',
        '@massgen/workspace',
        'commander',
      ].sort(),
    );
    for (const heavy of [
      '@massgen/backend-local',
      '@massgen/backend-claude-code',
      'node-llama-cpp',
      '@anthropic-ai/claude-agent-sdk',
    ]) {
      expect(existsSync(path.join(npmProject, 'node_modules', heavy)), heavy).toBe(false);
    }
  });

  it('installs in under 80 MB', () => {
    expect(installedSize(path.join(npmProject, 'node_modules')).diskBytes).toBeLessThan(80e6);
  });

  it('runs a team of openai, claude and gemini agents with nothing else added', async () => {
    const file = path.join(npmProject, 'mixed.yaml');
    writeFileSync(
      file,
      `agents:
  - id: gpt
    backend: { type: openai, model: gpt-5-nano, base_url: "${openai.url}" }
  - id: claude
    backend: { type: claude, model: claude-sonnet-4-6, base_url: "${claude.url}" }
  - id: gemini
    backend: { type: gemini, model: gemini-2.5-flash, base_url: "${gemini.url}" }
`,
    );
    const result = await massgen(npmProject, ['--no-display', '--no-record', '--config', file, 'What is 2+2?'], {
      OPENAI_API_KEY: keys.openai,
      ANTHROPIC_API_KEY: keys.claude,
      GEMINI_API_KEY: keys.gemini,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('Installed and answering: 4.\n');
    expect(claude.requests.length).toBeGreaterThan(0);
    expect(gemini.requests.length).toBeGreaterThan(0);
  });

  it('lists the plugins that come with it', async () => {
    const result = await massgen(npmProject, ['plugins']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^@massgen\/backend-claude\s+0\.1\.0\s+backend\s+comes with massgen\s+claude\b/m);
    expect(result.stdout).toMatch(/^@massgen\/strategy-vote\s+0\.1\.0\s+strategy\s+comes with massgen\s+vote$/m);
    expect(result.stdout).not.toContain('backend-local');
  });

  it('says how to add the local model when no key and no configuration are given', async () => {
    const result = await massgen(npmProject, ['--no-display', 'What is 2+2?']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'No configuration and no API key given, so massgen would run on the embedded local model: ' +
        'backend type "local" needs the plugin @massgen/backend-local, which is not installed. ' +
        'Add it with: massgen add local (runs: npm install @massgen/backend-local@0.1.0)',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('init with no key writes the local team and says to add its plugin before running it', async () => {
    const result = await massgen(npmProject, ['init', '--yes', '--output', 'local-team.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'Before running it: backend type "local" needs the plugin @massgen/backend-local, which is not installed. ' +
        'Add it with: massgen add local (runs: npm install @massgen/backend-local@0.1.0)\n' +
        'Run it: massgen --config local-team.yaml "your question"',
    );
  });

  it('rejects a configuration that needs a missing plugin the same way in --validate and in a run', async () => {
    const file = path.join(npmProject, 'claude-code.yaml');
    writeFileSync(file, 'agent:\n  id: coder\n  backend:\n    type: claude_code\n');
    const validate = await massgen(npmProject, ['--validate', file]);
    const run = await massgen(npmProject, ['--no-display', '--config', file, 'Hi']);
    const expected =
      'agent.backend.type (line 4): backend type "claude_code" needs the plugin @massgen/backend-claude-code, ' +
      'which is not installed. Add it with: massgen add claude_code (runs: npm install @massgen/backend-claude-code@0.1.0)';
    expect(validate.status).toBe(1);
    expect(validate.stdout).toContain(expected);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(expected);
  });
});

describe('massgen add, for real', { timeout: 4 * minutes }, () => {
  const fixtureRun = async (project: string): Promise<Result> => {
    writeFileSync(
      path.join(project, 'echo.yaml'),
      'agents:\n  - id: one\n    backend: { type: fixture, model: echo }\n  - id: two\n    backend: { type: fixture, model: echo }\n',
    );
    return massgen(project, ['--no-display', '--no-record', '--config', 'echo.yaml', 'What is 2+2?']);
  };

  it('installs a plugin tarball into an npm project with npm, and a run uses it', async () => {
    const tarball = tarballs['massgen-backend-fixture'] ?? '';
    const added = await massgen(npmProject, ['add', tarball]);
    expect(added.stderr).toContain(`Installing into ${npmProject} with npm:\n  $ npm install ${tarball}\n`);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toBe('Added massgen-backend-fixture 0.1.0 (backend; serves fixture)\n');
    expect(Object.keys(manifestDependencies(path.join(npmProject, 'package.json')))).toContain(
      'massgen-backend-fixture',
    );
    const plugins = await massgen(npmProject, ['plugins']);
    expect(plugins.stdout).toMatch(
      /^massgen-backend-fixture\s+0\.1\.0\s+backend\s+node_modules\/massgen-backend-fixture\s+fixture$/m,
    );
    const run = await fixtureRun(npmProject);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^echo: /);
  });

  it('installs with pnpm into a pnpm project, found from its lockfile, and a run uses it', async () => {
    const project = path.join(directory, 'pnpm-project');
    writeTarballProject(project, { tarballs, names: ['massgen'], packageManager: 'pnpm' });
    installProject(project, 'pnpm');
    const tarball = tarballs['massgen-backend-fixture'] ?? '';
    const added = await massgen(project, ['add', tarball]);
    expect(added.stderr).toMatch(new RegExp(`with pnpm:\\n  \\$ pnpm add (--workspace-root )?${tarball}\\n`));
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toBe('Added massgen-backend-fixture 0.1.0 (backend; serves fixture)\n');
    const plugins = await massgen(project, ['plugins']);
    expect(plugins.stdout).toMatch(/^massgen-backend-fixture\s+0\.1\.0\s+backend\s+\S+\s+fixture$/m);
    const run = await fixtureRun(project);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^echo: /);
  });

  it('without a project here, shows that a plugin goes where massgen itself is installed', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'massgen-no-project-'));
    try {
      const result = await new Promise<Result>((resolve) => {
        execFile(
          path.join(npmProject, 'node_modules/.bin/massgen'),
          ['add', '--dry-run', 'local'],
          { cwd: outside, env: cleanEnv() },
          (error, stdout, stderr) => resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr }),
        );
      });
      expect(result.status, result.stderr).toBe(0);
      // massgen is installed in the npm project, so that project is where its plugins go.
      expect(result.stderr).toBe(
        `Installing into ${npmProject} with npm:\n  $ npm install @massgen/backend-local@0.1.0\n`,
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
