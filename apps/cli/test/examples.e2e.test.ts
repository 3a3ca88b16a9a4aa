import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClaudeCodeTeamResponder,
  createFakeAnthropicServer,
  createProviderTeamServers,
  createTeamResponder,
} from '@massgen/testing';
import type { FakeAnthropicServer, FakeChatRequest, ProviderTeamServers } from '@massgen/testing';
import { examplesDirectory, readExampleCatalog } from '../src/example-catalog.js';
import type { ExampleEntry } from '../src/example-catalog.js';
import { cliBin, runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { callOnceThenAnswer } from './tool-script-responder.js';
import type { ScriptedCall } from './tool-script-responder.js';

/**
 * Every bundled example, through the built CLI: `--validate` as shipped, then a real run with
 * each backend's base_url pointed at a fake server speaking that provider's protocol.
 */
const keys = { openai: 'sk-test-examples-openai', anthropic: 'sk-ant-test-examples', gemini: 'AIzaTestExamples-0123' };
const shipped = path.join(path.dirname(cliBin), '..', 'examples');
const catalog = readExampleCatalog(examplesDirectory(path.dirname(shipped)));
const demoEnv = { MASSGEN_DEMO_BASE_URL: 'http://127.0.0.1:9/v1', MASSGEN_DEMO_API_KEY: 'demo-key' };
/** Claude Code runs its own bundled CLI, which calls MassGen's tools by other names: it gets its own fake server. */
const claudeCodeKey = 'sk-ant-test-examples-claude-code';

let directory: string;
let servers: ProviderTeamServers;
let claudeCode: FakeAnthropicServer;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-examples-'));
  const finalText = 'Final answer from the team.';
  servers = await createProviderTeamServers({
    keys,
    answers: {
      openai: 'An OpenAI-protocol answer.',
      anthropic: 'A Claude answer.',
      gemini: 'A Gemini answer.',
    },
    finalText,
  });
  claudeCode = await createFakeAnthropicServer({
    apiKey: claudeCodeKey,
    responder: createClaudeCodeTeamResponder({ answer: 'A Claude Code answer.', finalText }),
  });
});

afterAll(async () => {
  await Promise.all([servers.close(), claudeCode.close()]);
  rmSync(directory, { recursive: true, force: true });
});

let shippedValidation: Promise<CliRun> | undefined;

/** One `--validate` of every shipped example (it takes many files): each example's test reads its own line. */
function validateShipped(): Promise<CliRun> {
  shippedValidation ??= runCli(['--validate', ...catalog.examples.map((example) => path.join(shipped, example.file))], {
    cwd: directory,
    env: demoEnv,
  });
  return shippedValidation;
}

/** A backend `type:` line of the examples, and where its provider's fake server is. */
function fakeEndpoint(type: string): { url: string; key: string } | undefined {
  if (['openai', 'grok', 'lmstudio', 'vllm', 'sglang', 'chatcompletion'].includes(type))
    return { url: servers.openai.url, key: keys.openai };
  if (type === 'claude') return { url: servers.anthropic.url, key: keys.anthropic };
  if (type === 'gemini') return { url: servers.gemini.url, key: keys.gemini };
  if (type === 'claude_code') return { url: claudeCode.url, key: claudeCodeKey };
  return undefined;
}

/** Copies an example (with the files it refers to) and points every backend at the fake servers. */
function copyPointedAtFakes(example: ExampleEntry): string {
  const target = path.join(directory, example.name);
  cpSync(path.dirname(path.join(shipped, example.file)), target, { recursive: true });
  const file = path.join(target, path.basename(example.file));
  const rewritten = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s+(base_url|api_key):/.test(line))
    .flatMap((line) => {
      const match = /^(\s+)type: "([a-z_]+)"/.exec(line);
      const endpoint = match === null ? undefined : fakeEndpoint(match[2] ?? '');
      if (match === null || endpoint === undefined) return [line];
      return [line, `${match[1]}base_url: "${endpoint.url}"`, `${match[1]}api_key: "${endpoint.key}"`];
    })
    .join('\n');
  writeFileSync(file, rewritten);
  return file;
}

describe('the bundled examples', () => {
  it('ships a catalog whose every entry names a configuration in the package, one per scenario', () => {
    expect(existsSync(path.join(shipped, 'catalog.json'))).toBe(true);
    expect(catalog.examples.map((example) => example.name)).toEqual(
      expect.arrayContaining([
        'single-agent',
        'team-of-three',
        'tech-review',
        'refactor-pipeline',
        'creative-brainstorm',
        'mcp-weather',
        'typescript-tool',
        'python-tool',
        'workspaces',
        'media-review',
        'claude-code',
        'local-models',
      ]),
    );
    for (const example of catalog.examples)
      expect(existsSync(path.join(shipped, example.file)), example.file).toBe(true);
  });

  it.each(catalog.examples.map((example) => [example.name, example] as const))(
    '%s passes --validate as shipped',
    async (_name, example) => {
      const result = await validateShipped();
      // --validate names each file relative to the directory it runs in.
      const shown = path.relative(directory, path.join(shipped, example.file));
      const lines = result.stdout.split('\n');
      expect(
        lines.some((line) => line.startsWith(`✓ ${shown}: `)),
        result.stdout,
      ).toBe(true);
      expect(result.code).toBe(0);
    },
  );

  it.each(catalog.examples.map((example) => [example.name, example] as const))(
    '%s runs its question end to end against the fake servers',
    async (_name, example) => {
      const file = copyPointedAtFakes(example);
      const before = {
        openai: servers.openai.requests.length,
        anthropic: servers.anthropic.requests.length + claudeCode.requests.length,
        gemini: servers.gemini.requests.length,
      };
      // Claude Code keeps its settings under HOME; each run gets an empty one.
      const home = mkdtempSync(path.join(directory, 'home-'));
      const result = await runCli(['--no-display', '--no-record', '--config', file, example.question], {
        cwd: path.dirname(file),
        env: { ...demoEnv, HOME: home },
      });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).not.toBe('');
      const reached =
        servers.openai.requests.length -
        before.openai +
        (servers.anthropic.requests.length + claudeCode.requests.length - before.anthropic) +
        (servers.gemini.requests.length - before.gemini);
      expect(reached).toBeGreaterThan(0);
      for (const key of [...Object.values(keys), claudeCodeKey]) expect(result.stderr).not.toContain(key);
    },
  );

  it('offers the weather MCP server’s tool to the model in the mcp-weather example', async () => {
    const requests = await runExampleCopy('mcp-weather', 'mcp-weather-tools');
    const offered = requests.flatMap((request) => request.tools.map((tool) => tool.function.name));
    expect(offered.some((name) => name.includes('get_forecast'))).toBe(true);
  });

  it.each([
    ['typescript-tool', 'custom_tool__convert_units', { amount: 8, from: 'oz', to: 'g' }, '8 oz is 226.8 g'],
    [
      'python-tool',
      'custom_tool__monthly_payment',
      { principal: 200000, annual_rate_percent: 4.5, years: 25 },
      'Monthly payment: 1111.66',
    ],
  ] as const)('%s: the model calls the example’s own tool and gets its result', async (name, tool, input, output) => {
    const requests = await runExampleCopy(name, `${name}-call`, () => [{ name: tool, arguments: { ...input } }]);
    expect(toolResults(requests)).toContain(output);
  });

  it('media-review: an agent reads the shared report with understand_file, and the model that read it answers', async () => {
    const requests = await runExampleCopy('media-review', 'media-review-call', (file) => [
      {
        name: 'understand_file',
        arguments: {
          file_path: path.join(path.dirname(file), 'materials', 'quarterly-report.md'),
          prompt: 'What grew?',
        },
      },
    ]);
    // The tool's own request: the question and the report's text, and no tools.
    const toolRequest = requests.find((request) =>
      JSON.stringify(request.messages).includes('Revenue rose to 4.2 million'),
    );
    expect(toolRequest?.tools).toEqual([]);
    expect(JSON.stringify(toolRequest?.messages)).toContain('What grew?');
    expect(toolResults(requests).some((content) => content.endsWith('(answered by openai gpt-4.1)'))).toBe(true);
  });
});

/**
 * Runs a copy of the example `name` (called `copy`) pointed at the fake servers, its OpenAI-protocol
 * model making `calls` (given the copied config's path) first, and returns the requests of the run.
 */
async function runExampleCopy(
  name: string,
  copy: string,
  calls?: (file: string) => ScriptedCall[],
): Promise<FakeChatRequest[]> {
  const example = catalog.examples.find((entry) => entry.name === name);
  if (example === undefined) throw new Error(`the catalog has no ${name} example`);
  const file = copyPointedAtFakes({ ...example, name: copy });
  const team = createTeamResponder({ answer: 'An OpenAI-protocol answer.', finalText: 'Final answer from the team.' });
  if (calls !== undefined) servers.openai.setResponder(callOnceThenAnswer(calls(file), { team }));
  const first = servers.openai.requests.length;
  try {
    const result = await runCli(['--no-display', '--no-record', '--config', file, example.question], {
      cwd: path.dirname(file),
    });
    expect(result.code, result.stderr).toBe(0);
  } finally {
    servers.openai.setResponder(team);
  }
  return servers.openai.requests.slice(first);
}

/** What the tools returned to the model, in the requests' tool messages. */
function toolResults(requests: readonly FakeChatRequest[]): string[] {
  return requests.flatMap((request) =>
    request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
  );
}

describe('massgen --list-examples and --example', () => {
  it('lists every example with the command that runs it', async () => {
    const result = await runCli(['--list-examples'], { cwd: directory });
    expect(result.code).toBe(0);
    for (const example of catalog.examples) expect(result.stdout).toContain(`massgen --example ${example.name} "`);
  });

  it('runs an example by name from a copy in .massgen/examples/, with the question given', async () => {
    const cwd = mkdtempSync(path.join(directory, 'by-name-'));
    const result = await runCli(['--no-display', '--example', 'demo', 'What is 3+3?'], {
      cwd,
      env: { MASSGEN_DEMO_BASE_URL: servers.openai.url, MASSGEN_DEMO_API_KEY: keys.openai },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('Final answer from the team.\n');
    expect(existsSync(path.join(cwd, '.massgen', 'examples', 'demo', 'three-agents.yaml'))).toBe(true);
    expect(servers.openai.requests.some((request) => JSON.stringify(request.messages).includes('What is 3+3?'))).toBe(
      true,
    );
  });

  it('names the known examples when asked for one that does not exist', async () => {
    const result = await runCli(['--example', 'no-such-example', 'q'], { cwd: directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('There is no example called "no-such-example"');
    expect(result.stderr).toContain('single-agent');
  });
});
