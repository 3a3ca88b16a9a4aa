import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { backendCatalog, catalogBackendTypes } from '@massgen/config';
import { runCli } from './run-cli.js';

/**
 * `massgen --validate` and a run agree: each problem a run stops on before its first model call,
 * --validate reports with the same message, every one of them, each at its key path and line.
 */
const scratch = useTemporaryDirectory('cli-validate', { perFile: true });

function write(name: string, yaml: string): string {
  writeFileSync(path.join(scratch.path, name), yaml);
  return name;
}

/** The problems of a report, one per line as `- path (context): message`, whether one or several. */
function problems(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    const trimmed = line.trim();
    if (trimmed.startsWith('- ')) return [trimmed];
    const single = /Invalid configuration in [^:]+: (.+)$/.exec(trimmed)?.[1];
    return single === undefined ? [] : [`- ${single}`];
  });
}

async function validateAndRun(file: string): Promise<{ validate: string[]; run: string[]; runStderr: string }> {
  const validate = await runCli(['--validate', file], { cwd: scratch.path });
  expect(validate.code, validate.stdout).toBe(1);
  const run = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
    cwd: scratch.path,
    env: { OPENAI_API_KEY: 'sk-test-not-used', ANTHROPIC_API_KEY: 'sk-ant-not-used' },
  });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return { validate: problems(validate.stdout), run: problems(run.stderr), runStderr: run.stderr };
}

/** `validateAndRun`, expecting --validate to report exactly the problems the run stops on. */
async function validateAgreeingWithRun(file: string): Promise<{ validate: string[]; runStderr: string }> {
  const { validate, run, runStderr } = await validateAndRun(file);
  expect(validate).toEqual(run);
  return { validate, runStderr };
}

describe('--validate and the run agree', () => {
  it('report every problem of a file, once each, with key path, list item, line, found and expected', async () => {
    const file = write(
      'team.yaml',
      `agents:
  - id: bob
    backend:
      type: claude
  - id: ann
    backend:
      type: openai
      model: gpt-5-nano
      timeout_seconds: later
  - id: cy
    backend:
      type: claud
      model: x
  - id: dee
    backend:
      type: chatcompletion
      model: m
      timeout_seconds: soon
`,
    );
    const { validate, runStderr } = await validateAgreeingWithRun(file);
    expect(validate).toHaveLength(4);
    expect(validate[0]).toMatch(/^- agents\[0\]\.backend\.model \(agent "bob", line 3\): .*Claude model/);
    expect(validate[1]).toBe(
      '- agents[1].backend.timeout_seconds (agent "ann", line 9): expected a number of seconds, got "later"',
    );
    expect(validate[2]).toMatch(
      /^- agents\[2\]\.backend\.type \(agent "cy", line 12\): no installed package serves backend type "claud" \(did you mean "claude"\?\)/,
    );
    expect(validate[3]).toMatch(/^- agents\[3\]\.backend\.timeout_seconds \(agent "dee", line 18\): /);
    for (const line of validate) expect(line.split('agents[').length, line).toBe(2);
    // Nothing ran: no record, no request.
    expect(runStderr).not.toContain('Run record');
    expect(existsSync(path.join(scratch.path, '.massgen'))).toBe(false);
  });

  it('say what to write instead of a provider name, and accept the names people use as aliases', async () => {
    const file = write(
      'names.yaml',
      `agents:
  - id: local
    backend: { type: ollama, model: llama3.2 }
`,
    );
    const { validate } = await validateAgreeingWithRun(file);
    expect(validate).toEqual([
      '- agents[0].backend.type (agent "local", line 3): no installed package serves backend type "ollama": MassGen-TS has no "ollama" type; write type: "chatcompletion" with base_url: http://localhost:11434/v1 (Ollama needs no key).',
    ]);
    const aliases = write(
      'aliases.yaml',
      `agents:
  - id: a
    backend: { type: anthropic, model: claude-sonnet-4-6 }
  - id: g
    backend: { type: google, model: gemini-2.5-flash }
  - id: x
    backend: { type: xai, model: grok-4 }
`,
    );
    const valid = await runCli(['--validate', aliases], { cwd: scratch.path });
    expect(valid.stdout).toContain('✓ aliases.yaml: 3 agents (a: claude, g: gemini, x: grok)');
    expect(valid.code, valid.stdout).toBe(0);
  });

  it('sums up a team too large to list on one line', async () => {
    const agents = Array.from(
      { length: 12 },
      (_, index) =>
        `  - id: agent${index + 1}\n    backend: { type: ${index < 9 ? 'openai' : 'claude'}, model: m, api_key: k }\n`,
    );
    const file = write('twelve.yaml', `agents:\n${agents.join('')}`);
    const { stdout, code } = await runCli(['--validate', file], { cwd: scratch.path });
    expect(stdout.split('\n')[0]).toBe(
      '✓ twelve.yaml: 12 agents (agent1, agent2, agent3 and 9 more; openai ×9, claude ×3)',
    );
    expect(code, stdout).toBe(0);
  });

  it('check orchestrator.answer_summary.model as the run would open it for each agent, before anything starts', async () => {
    const summaryModel = (name: string, model: string): string =>
      write(
        name,
        `agents:
  - id: ann
    backend: { type: openai, model: gpt-5-nano }
  - id: bob
    backend: { type: openai, model: gpt-5-nano }
orchestrator:
  answer_summary:
    model:
${model}`,
      );
    const checked = async (name: string, model: string): Promise<string[]> => {
      const { validate } = await validateAgreeingWithRun(summaryModel(name, model));
      return validate;
    };

    expect(await checked('summary-name.yaml', '      agnet\n')).toEqual([
      expect.stringMatching(/^- orchestrator\.answer_summary\.model \(line 8\): expected "agent" or a backend block/),
    ]);
    expect(await checked('summary-type.yaml', '      type: acme_llm\n      model: m\n')).toEqual([
      expect.stringMatching(
        /^- orchestrator\.answer_summary\.model\.type \(line 9\): no installed package serves backend type "acme_llm"/,
      ),
    ]);
    expect(await checked('summary-option.yaml', '      model: gpt-4.1-mini\n      timeout_seconds: soon\n')).toEqual([
      expect.stringMatching(
        /^- orchestrator\.answer_summary\.model\.timeout_seconds \(line 10\): expected .*, got "soon"$/,
      ),
    ]);
    // Another type takes none of the agent's keys, its model included; said once for the two agents.
    expect(await checked('summary-no-model.yaml', '      type: claude\n')).toEqual([
      expect.stringMatching(/^- orchestrator\.answer_summary\.model\.model \(line 8\): .*Claude model/),
    ]);
  });

  it('never suggest installing a package that does not exist', async () => {
    const file = write('unknown.yaml', 'agent:\n  id: a\n  backend: { type: acme_llm, model: m }\n');
    const { validate } = await validateAndRun(file);
    expect(validate.join('\n')).not.toMatch(/npm install|pnpm add|massgen add|install it/i);
    expect(validate.join('\n')).toContain('(@massgen/backend-acme-llm or massgen-backend-acme-llm)');
  });

  it('reject an MCP server whose command does not exist, naming the server', async () => {
    const file = write(
      'mcp.yaml',
      `agents:
  - id: bob
    backend:
      type: claude
      model: claude-sonnet-4-6
      mcp_servers:
        - name: search
          type: stdio
          command: no-such-mcp-server-command
`,
    );
    const { validate } = await validateAgreeingWithRun(file);
    expect(validate).toEqual([
      '- agents[0].backend.mcp_servers[0].command (agent "bob", mcp_servers "search", line 9): command "no-such-mcp-server-command" of MCP server "search" was not found; expected a program on PATH or a path to one',
    ]);
  });
});

describe('--validate of a file that does not load', () => {
  it('reports every problem of the file at once', async () => {
    const file = write(
      'broken.yaml',
      'agents:\n  - id: a\n    backend: { type: openai, model: m, temperature: hot }\n  - id: a\n    backend: { type: openai, model: m }\norchestrator:\n  max_rounds: many\n',
    );
    const { validate } = await validateAgreeingWithRun(file);
    expect(validate).toEqual([
      expect.stringMatching(
        /^- agents\[0\]\.backend\.temperature \(agent "a", line 3\): expected a number.*, got "hot"$/,
      ),
      '- agents[1].id (agent "a", line 4): duplicate agent id "a" (also at agents[0].id); expected unique ids',
      expect.stringMatching(/^- orchestrator\.max_rounds \(line 7\): expected .*, got "many"$/),
    ]);
  });
});

/** Writes a team of claude agents, each on two lines (from line 2), with the workspace (`cwd`) given for its id. */
function writeWorkspaces(name: string, workspaces: Record<string, string>): string {
  const agents = Object.entries(workspaces).map(
    ([id, cwd]) => `  - id: ${id}\n    backend: { type: claude, model: claude-sonnet-4-6, cwd: ${cwd} }\n`,
  );
  return write(name, `agents:\n${agents.join('')}`);
}

describe('configuration that cannot be safe', () => {
  it('refuses a workspace cwd of /, the home directory or a system directory', async () => {
    const file = writeWorkspaces('workspaces.yaml', { root: '"/"', home: '"~"', etc: '/etc' });
    const { validate } = await validateAgreeingWithRun(file);
    expect(validate).toEqual([
      '- agents[0].backend.cwd (agent "root", line 3): "/" is the root of the file system; an agent writes anywhere in its workspace and MassGen copies it after each answer, so expected a directory of its own, such as "workspaces/agent1"',
      expect.stringMatching(/^- agents\[1\]\.backend\.cwd \(agent "home", line 5\): "~" is your home directory; /),
      expect.stringMatching(/^- agents\[2\]\.backend\.cwd \(agent "etc", line 7\): "\/etc" is a system directory; /),
    ]);
  });

  it('refuses two agents given one workspace, and a relative cwd that leaves the workspace root', async () => {
    const file = writeWorkspaces('shared-workspace.yaml', {
      alice: 'workspace',
      bob: './workspace/',
      carol: '../outside',
    });
    const { validate } = await validateAgreeingWithRun(file);
    expect(validate).toEqual([
      '- agents[1].backend.cwd (agent "bob", line 5): agents "alice" and "bob" have the same workspace (cwd); expected each agent to have its own directory',
      '- agents[2].backend.cwd (agent "carol", line 7): "../outside" leaves agent_temporary_workspace; expected a directory name inside it, or an absolute path',
    ]);
  });

  it('refuses a base_url with credentials as a configuration error, without echoing them', async () => {
    const file = write(
      'credentials.yaml',
      'agent:\n  id: a\n  backend:\n    type: chatcompletion\n    model: m\n    base_url: "http://admin:hunter2@127.0.0.1:9/v1"\n',
    );
    const { runStderr } = await validateAndRun(file);
    const validateOutput = (await runCli(['--validate', file], { cwd: scratch.path })).stdout;
    const expected =
      'agent.backend.base_url (line 6): the URL carries credentials (http://***@127.0.0.1:9); expected the key in api_key (or a header in headers), which MassGen keeps out of logs, and the URL without user or password';
    expect(validateOutput).toContain(expected);
    expect(runStderr).toContain(expected);
    expect(`${validateOutput}${runStderr}`).not.toContain('hunter2');
    const flag = await runCli(
      ['--no-display', '--model', 'm', '--base-url', 'http://admin:hunter2@127.0.0.1:9/v1', 'q'],
      {
        cwd: scratch.path,
      },
    );
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('base_url: the URL carries credentials');
    expect(flag.stderr).not.toContain('hunter2');
  });
});

describe('documented backend options', () => {
  it('never warn as unknown, for any backend type (--validate creates each backend as the run does)', async () => {
    const written: Record<string, string> = {
      timeout_seconds: '30',
      request_timeout: '30',
      headers: '{ x-team: research }',
      base_url: 'http://127.0.0.1:9/v1',
      extra_body: '{ top_k: 40 }',
      api_key: 'test-key-not-sent',
    };
    const agents = catalogBackendTypes().map((type, index) => {
      const keys = backendCatalog.find((entry) => entry.package === type.package)?.optionKeys ?? [];
      const options = Object.keys(written)
        .filter((key) => keys.includes(key))
        .map((key) => `      ${key}: ${written[key]}`);
      return [
        `  - id: agent${index}`,
        '    backend:',
        `      type: ${type.type}`,
        `      model: "${type.defaultModel}"`,
        ...options,
      ].join('\n');
    });
    const file = write('documented-options.yaml', `agents:\n${agents.join('\n')}\n`);
    const result = await runCli(['--validate', file], { cwd: scratch.path });
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(`${catalogBackendTypes().length} agents`);
    expect(result.stdout).not.toMatch(/not a key MassGen knows|is not a setting of|unknown/i);
  });
});

describe('missing API keys', () => {
  const team = `agents:
  - id: bob
    backend: { type: claude, model: claude-sonnet-4-6 }
  - id: gem
    backend: { type: gemini, model: gemini-2.5-flash }
`;

  it('--validate warns about each agent without its key, and passes', async () => {
    const file = write('keys.yaml', team);
    const result = await runCli(['--validate', file], { cwd: scratch.path, env: { GEMINI_API_KEY: 'AIza-test' } });
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(
      '  warning: agents[0].backend (agent "bob", line 3): no API key: set ANTHROPIC_API_KEY (in the environment or .env), or backend.api_key\n',
    );
    expect(result.stdout).not.toContain('agent "gem"');
  });

  it('a run whose every agent lacks its key exits 1 before any record, naming each variable', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'massgen-cli-keys-'));
    try {
      writeFileSync(path.join(project, 'keys.yaml'), team);
      const result = await runCli(['--no-display', '--config', 'keys.yaml', 'What is 2+2?'], { cwd: project });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        [
          `massgen: No agent has an API key (${path.join(project, 'keys.yaml')}), so none could answer:`,
          '  - agents[0].backend (agent "bob", line 3): no API key: set ANTHROPIC_API_KEY (in the environment or .env), or backend.api_key',
          '  - agents[1].backend (agent "gem", line 5): no API key: set GOOGLE_API_KEY or GEMINI_API_KEY (in the environment or .env), or backend.api_key',
        ].join('\n'),
      );
      expect(existsSync(path.join(project, '.massgen'))).toBe(false);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('--validate without a file', () => {
  it('checks the --config file, and says what it needs when there is none', async () => {
    const file = write(
      'named-by-config.yaml',
      'agents:\n  - id: a\n    backend: { type: openai, model: m, temperature: hot }\n',
    );
    const byConfig = await runCli(['--config', file, '--validate'], { cwd: scratch.path });
    const named = await runCli(['--validate', file], { cwd: scratch.path });
    expect(byConfig.code).toBe(1);
    expect(problems(byConfig.stdout)).toEqual(problems(named.stdout));
    expect(problems(byConfig.stdout)).toEqual([
      expect.stringMatching(/^- agents\[0\]\.backend\.temperature \(agent "a", line 3\)/),
    ]);

    const neither = await runCli(['--validate'], { cwd: scratch.path });
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain('--validate needs a file: massgen --validate team.yaml');
  });
});
