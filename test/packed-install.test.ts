import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import {
  cleanEnv,
  installProject,
  packWorkspace,
  repositoryRoot,
  writeTarballProject,
} from '../scripts/packed-workspace.mjs';

/**
 * Every package as a user gets it: packed with `pnpm pack` (from the build output, with
 * `publishConfig` applied), installed from the tarballs into an empty project, and used from
 * there with no workspace around it. Third-party dependencies come from the pnpm store when it
 * has them and from the registry otherwise. Needs `pnpm build` first (`pnpm test` does it).
 */
const root = repositoryRoot;
const key = 'sk-test-packed-0123456789';
const minutes = 60_000;

let directory: string;
let project: string;
let server: FakeOpenAIServer;
let packageNames: string[];

/** Runs the installed binary without blocking this process, which serves the fake model. */
function massgen(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(project, 'node_modules/.bin/massgen'),
      args,
      { cwd: project, env: cleanEnv(env), encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-packed-'));
  project = path.join(directory, 'project');
  const tarballs = packWorkspace(path.join(directory, 'packs'));
  // Every package a release publishes; the third-party fixture is a test tool, not one of them.
  packageNames = Object.keys(tarballs)
    .filter((name) => name !== 'massgen-backend-fixture')
    .sort();
  writeTarballProject(project, { tarballs, names: packageNames, packageManager: 'pnpm' });
  installProject(project, 'pnpm', { optional: false });
  server = await createFakeOpenAIServer({
    apiKey: key,
    responder: createTeamResponder({ answer: 'Four.', finalText: 'Installed and answering: 4.' }),
  });
}, 4 * minutes);

afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the packed packages, installed in an empty project', () => {
  it('packs every workspace package, the CLI included', () => {
    const expected = readdirSync(path.join(root, 'packages')).map(
      (name) =>
        (JSON.parse(readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8')) as { name: string }).name,
    );
    expect(packageNames).toEqual([...expected, 'massgen'].sort());
  });

  it('ships built code only, with types listed first and no workspace source condition', () => {
    for (const name of packageNames) {
      const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
        exports: Record<string, Record<string, string>>;
        dependencies?: Record<string, string>;
      };
      const main = manifest.exports['.'] ?? {};
      expect(Object.keys(main), name).toEqual(['types', 'import']);
      expect(JSON.stringify(manifest.exports), name).not.toContain('@massgen/source');
      expect(JSON.stringify(manifest.dependencies ?? {}), name).not.toContain('workspace:');
      expect(readdirSync(path.join(project, 'node_modules', name)), name).not.toContain('src');
    }
  });

  it('imports every package by name from plain Node', () => {
    const script = `for (const name of ${JSON.stringify(packageNames)}) { await import(name); } console.log('ok');`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      env: cleanEnv(),
      encoding: 'utf8',
    });
    expect(output.trim()).toBe('ok');
  });

  it('type-checks a consumer against the shipped declarations', () => {
    writeFileSync(
      path.join(project, 'consumer.ts'),
      `import { MassGenError } from '@massgen/core';\nimport type { MassGenConfig } from '@massgen/config';\nimport { run } from '@massgen/runtime';\nexport const checks: [typeof MassGenError, typeof run, MassGenConfig | undefined] = [MassGenError, run, undefined];\n`,
    );
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        'consumer.ts',
      ],
      { cwd: project, env: cleanEnv(), encoding: 'utf8' },
    );
  });

  it('runs the massgen binary against the fake server', async () => {
    const result = await massgen(
      ['--no-display', '--no-record', '--model', 'gpt-5-nano', '--base-url', server.url, 'What is 2+2?'],
      { OPENAI_API_KEY: key },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('Installed and answering: 4.\n');
  });

  it('runs a bundled example by name and prints the schema from the installed package', async () => {
    const example = await massgen(['--no-display', '--no-record', '--example', 'demo', 'What is 2+2?'], {
      MASSGEN_DEMO_BASE_URL: server.url,
      MASSGEN_DEMO_API_KEY: key,
    });
    expect(example.status, example.stderr).toBe(0);
    expect(example.stdout).toBe('Installed and answering: 4.\n');
    const schema = await massgen(['--show-schema', '--json']);
    expect(schema.status, schema.stderr).toBe(0);
    const fromWorkspace = execFileSync(
      process.execPath,
      [path.join(root, 'apps/cli/bin/massgen.js'), '--show-schema', '--json'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(schema.stdout).toBe(fromWorkspace);
    // Editors point at the schema file the package ships: massgen/schema.json.
    const shipped = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('massgen/schema.json'))"],
      { cwd: project, env: cleanEnv(), encoding: 'utf8' },
    );
    expect(readFileSync(fileURLToPath(shipped), 'utf8')).toBe(
      readFileSync(path.join(root, 'schema/massgen.schema.json'), 'utf8'),
    );
  });
});
