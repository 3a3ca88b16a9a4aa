import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, MassGenError } from '@massgen/core';
import { catalogBackendTypes, loadConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import { main } from '../src/cli.js';
import { cliPackageDirectory } from '../src/cli-package.js';

/**
 * The property of issue 13: for every configuration, `massgen --validate` exits 0 exactly when a
 * run gets past configuration and plugin loading, and when both refuse, the run's reasons are
 * among those --validate gives. Each file is copied into a directory of its own first (a run
 * lays out workspaces beside its configuration), and every run is cancelled before it starts, so
 * it reaches no model and starts no server. Provider keys are set: missing keys are a separate rule.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sharedDirectory = path.resolve(repositoryRoot, '../shared');
const minutes = 60_000;

/** Configurations a run must refuse, one per kind of problem, beside the corpora that should pass. */
const refused: Record<string, string> = {
  'missing-model.yaml': 'agent:\n  id: a\n  backend: { type: claude }\n',
  'misspelled-model.yaml': 'agent:\n  id: a\n  backend: { type: openai, modle: gpt-5-nano }\n',
  'unknown-type.yaml': 'agents:\n  - id: a\n    backend: { type: antropic, model: m }\n',
  'provider-name.yaml': 'agents:\n  - id: a\n    backend: { type: ollama, model: llama3.2 }\n',
  'bad-option.yaml': 'agent:\n  id: a\n  backend: { type: chatcompletion, model: m, timeout_seconds: soon }\n',
  'unknown-strategy.yaml':
    'agent:\n  id: a\n  backend: { type: openai, model: m }\norchestrator:\n  strategy: tournament\n',
  'mcp-command.yaml':
    'agent:\n  id: a\n  backend:\n    type: openai\n    model: m\n    mcp_servers:\n      search: { type: stdio, command: no-such-mcp-command }\n',
  'shared-workspace.yaml':
    'agents:\n  - id: a\n    backend: { type: openai, model: m, cwd: workspace }\n  - id: b\n    backend: { type: openai, model: m, cwd: workspace }\n',
  'root-workspace.yaml': 'agent:\n  id: a\n  backend: { type: claude_code, cwd: "/" }\n',
  'credentials.yaml':
    'agent:\n  id: a\n  backend: { type: chatcompletion, model: m, base_url: "http://u:p@127.0.0.1:9/v1" }\n',
};

let directory: string;
let env: Record<string, string | undefined>;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-validate-agreement-'));
  env = { PATH: process.env['PATH'], HOME: process.env['HOME'] };
  for (const type of catalogBackendTypes())
    for (const name of type.apiKeyEnvironmentVariables) env[name] = 'test-key-not-sent';
  Object.assign(env, { MASSGEN_DEMO_BASE_URL: 'http://127.0.0.1:9/v1', MASSGEN_DEMO_API_KEY: 'demo-key' });
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

interface Case {
  name: string;
  /** The file to check, in a directory of its own. */
  file: string;
}

function yamlFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => path.join(root, file));
}

/** Copies a configuration (with its whole directory when it is small, as the bundled examples are). */
function prepare(source: string, withDirectory: boolean): string {
  const target = mkdtempSync(path.join(directory, 'case-'));
  if (withDirectory) cpSync(path.dirname(source), target, { recursive: true });
  else cpSync(source, path.join(target, path.basename(source)));
  return path.join(target, path.basename(source));
}

let prepared: Case[] | undefined;

/** The cases, copied once for both properties. */
function cases(): Case[] {
  prepared ??= prepareCases();
  return prepared;
}

function prepareCases(): Case[] {
  const found: Case[] = [];
  const refusedDirectory = path.join(directory, 'refused');
  mkdirSync(refusedDirectory, { recursive: true });
  for (const [name, yaml] of Object.entries(refused)) {
    writeFileSync(path.join(refusedDirectory, name), yaml);
    found.push({ name: `refused/${name}`, file: prepare(path.join(refusedDirectory, name), false) });
  }
  for (const file of yamlFiles(path.join(cliPackageDirectory(), 'examples')))
    found.push({
      name: `examples/${path.relative(path.join(cliPackageDirectory(), 'examples'), file)}`,
      file: prepare(file, true),
    });
  const seed = path.join(sharedDirectory, 'examples', 'seed');
  for (const file of yamlFiles(seed)) found.push({ name: `seed/${path.basename(file)}`, file: prepare(file, false) });
  const upstream = path.join(sharedDirectory, 'compat', 'massgen-upstream-configs');
  for (const file of yamlFiles(upstream))
    found.push({ name: `upstream/${path.relative(upstream, file)}`, file: prepare(file, false) });
  return found;
}

function capture(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

interface Validated {
  code: number;
  output: string;
}

/** --validate's answer per file: both properties read the upstream corpus, which is checked once. */
const validatedByFile = new Map<string, Promise<Validated>>();

function validate(file: string): Promise<Validated> {
  const known = validatedByFile.get(file);
  if (known !== undefined) return known;
  const validated = validateOnce(file);
  validatedByFile.set(file, validated);
  return validated;
}

async function validateOnce(file: string): Promise<Validated> {
  const stdout = capture();
  const stderr = capture();
  const code = await main(['node', 'massgen', '--validate', file], {
    stdout: stdout.stream,
    stderr: stderr.stream,
    cwd: path.dirname(file),
    env,
  });
  return { code, output: stdout.text() };
}

/** Whether a run gets past configuration and plugin loading; when it does not, its reasons. */
async function runUntilStart(file: string): Promise<{ passed: true } | { passed: false; reasons: string[] }> {
  const cancelled = AbortSignal.abort();
  try {
    const config = await loadConfig(file, { cwd: path.dirname(file), env });
    await run(config, 'q', {
      cwd: path.dirname(file),
      signal: cancelled,
      record: false,
      pluginSearchPaths: [cliPackageDirectory()],
    });
    return { passed: true };
  } catch (error) {
    if (error instanceof ConfigError)
      return { passed: false, reasons: error.message.split('\n').slice(error.issues.length > 1 ? 1 : 0) };
    if (MassGenError.isInstance(error) && /^(CONFIG_|PLUGIN_)/.test(error.code))
      return { passed: false, reasons: [error.message] };
    throw error;
  }
}

describe('--validate exits 0 exactly when the run gets past configuration and plugin loading', () => {
  it(
    `holds for the refused cases, the bundled examples${existsSync(sharedDirectory) ? ', the seed examples and the upstream corpus' : ' (the seed and upstream corpora are skipped: ../shared is absent)'}`,
    async () => {
      const all = cases();
      const disagreements: string[] = [];
      const refusedNames = new Set<string>();
      for (const { name, file } of all) {
        const validated = await validate(file);
        const ran = await runUntilStart(file);
        if ((validated.code === 0) !== ran.passed) {
          disagreements.push(
            `${name}: --validate exit ${validated.code}, run ${ran.passed ? 'started' : 'refused'}\n${validated.output}`,
          );
          continue;
        }
        if (ran.passed) continue;
        refusedNames.add(name);
        for (const reason of ran.reasons) {
          const line = reason.replace(/^Invalid configuration in [^:]+: /, '').replace(/^\s*- /, '');
          if (!validated.output.includes(line)) disagreements.push(`${name}: --validate does not say "${line}"`);
        }
      }
      expect(disagreements).toEqual([]);
      // Each kind of problem was met and refused by both, so the property was tested both ways.
      for (const name of Object.keys(refused)) expect(refusedNames, name).toContain(`refused/${name}`);
    },
    20 * minutes,
  );
});

/** What marks a file as doing less than written: a feature named as unsupported or not offered, or a refusal. */
const notClean = /not supported|does not support|not offered|✗/;

describe.skipIf(!existsSync(sharedDirectory))('the upstream corpus through --validate (issue 15)', () => {
  it(
    'has at least 164 of its 248 files clean: no unsupported or not-offered feature and no refusal',
    async () => {
      const upstream = cases().filter((each) => each.name.startsWith('upstream/'));
      expect(upstream).toHaveLength(248);
      const warned: string[] = [];
      for (const { name, file } of upstream) {
        const { output } = await validate(file);
        if (notClean.test(output)) warned.push(name);
      }
      // The files that still warn, and why, are the closing table of issue 15.
      expect(upstream.length - warned.length, warned.join('\n')).toBeGreaterThanOrEqual(164);
    },
    10 * minutes,
  );
});

/** Upstream's keys that issue 20 brought in: sessions aside, the coordination controls. */
const issue20Keys = [
  'voting_sensitivity',
  'max_orchestration_restarts',
  'enable_planning_mode',
  'planning_mode_instruction',
  'plan_depth',
  'enable_agent_task_planning',
  'max_tasks_per_plan',
  'task_planning_filesystem_mode',
  'use_skills',
  'skills_directory',
  'skip_final_presentation',
  'final_answer_strategy',
];

describe.skipIf(!existsSync(sharedDirectory))('the upstream corpus and issue 20’s keys', () => {
  it(
    'warns about none of them in any upstream file that writes them (the closing table of issue 20)',
    async () => {
      const upstream = path.join(sharedDirectory, 'compat', 'massgen-upstream-configs');
      const writing = yamlFiles(upstream).filter((file) =>
        issue20Keys.some((key) => new RegExp(`^\\s*${key}:`, 'm').test(readFileSync(file, 'utf8'))),
      );
      expect(writing.length).toBeGreaterThanOrEqual(35);
      const warned: string[] = [];
      for (const file of writing) {
        const { output } = await validate(prepare(file, false));
        for (const line of output.split('\n').filter((each) => notClean.test(each)))
          if (issue20Keys.some((key) => line.includes(`${key} (`)))
            warned.push(`${path.relative(upstream, file)}: ${line}`);
      }
      expect(warned).toEqual([]);
    },
    10 * minutes,
  );
});
