import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { descendantProcessIdentities, isSameProcessRunning, processCommandLine } from '@massgen/testing';
import type { ProcessIdentity } from '@massgen/testing';
import { mcpServerBin } from './mcp-reference-servers.js';
import { toolUsingModel } from './mcp-tool-model.js';
import { writeMcpTeam } from './mcp-team.js';
import { runCli, startCli } from './run-cli.js';
import type { CliRun, StartedCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const everythingBin = mcpServerBin('server-everything');
const filesystemBin = mcpServerBin('server-filesystem');
const quote = (value: string): string => JSON.stringify(value);
let cli: StartedCli | undefined;
/** Every process below the CLI seen while it ran (the MCP servers it started), with its command line. */
/** Each child process seen, by pid, as it was when seen (a later process may be given its pid). */
let seenChildren: Map<number, { identity: ProcessIdentity; commandLine: string }>;

const setup = useFakeServerDirectory('cli-mcp', { server: () => ({ apiKey: 'test-key' }) });
beforeEach(() => {
  seenChildren = new Map();
});

afterEach(() => {
  if (cli !== undefined && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  cli = undefined;
});

/** Notes the CLI's child processes; called from the fake model, when the MCP servers are up. */
function recordChildren(): number[] {
  const pid = cli?.child.pid;
  if (pid === undefined) return [];
  const children = descendantProcessIdentities(pid);
  for (const identity of children)
    if (!seenChildren.has(identity.pid))
      seenChildren.set(identity.pid, { identity, commandLine: processCommandLine(identity.pid) });
  return children.map((identity) => identity.pid);
}

/** The seed's mcp_weather.yaml, with the model and the MCP server swapped for local ones. */
function weatherYaml(extraServers = '', serverEnv = ''): string {
  const file = path.join(setup.directory, 'mcp_weather.yaml');
  writeFileSync(
    file,
    `agents:
  - id: "旅行规划师"
    backend:
      type: "chatcompletion"
      model: "gpt-5-nano"
      base_url: ${quote(setup.server.url)}
      api_key: "test-key"
      mcp_servers: # 声明MCP服务器
        everything:
          type: "stdio"
          command: ${quote(process.execPath)}
          args: [${quote(everythingBin)}]
${serverEnv}${extraServers}    system_message: "你是一个旅行规划师，可以查询天气信息。"
`,
  );
  return file;
}

/**
 * No child process seen during the run outlives it. Each is told by its start time from a later
 * process given its pid, and one killed on the CLI's way out may take a moment to finish dying.
 */
async function expectNoChildLeft(): Promise<void> {
  expect(seenChildren.size).toBeGreaterThan(0);
  await expect
    .poll(() => [...seenChildren.values()].filter(({ identity }) => isSameProcessRunning(identity)), {
      timeout: 10_000,
    })
    .toEqual([]);
}

const echoInput = { message: '北京和上海下周的天气' };

/** The `mcp_servers` list entry of server-filesystem, named `files`, serving the test's directory. */
const filesServer = (): string =>
  `        - name: files\n          type: stdio\n          command: ${quote(process.execPath)}\n          args: [${quote(filesystemBin)}, ${quote(setup.directory)}]\n`;

/** Runs `file`, whose agent reads an itinerary in `directory` with the filesystem server's read_text_file. */
async function readItinerary(file: string): Promise<CliRun> {
  writeFileSync(path.join(setup.directory, 'itinerary.md'), 'Day 1: Beijing. Day 3: Shanghai.');
  setup.server.setResponder(
    toolUsingModel('mcp__files__read_text_file', { path: path.join(setup.directory, 'itinerary.md') }, () =>
      recordChildren(),
    ),
  );
  cli = startCli(['--no-display', '--config', file, 'Where am I on day 3?'], { cwd: setup.directory });
  const result = await cli.done;
  expect(result.code).toBe(0);
  expect(result.stdout).toBe('The tool said: Day 1: Beijing. Day 3: Shanghai.\n');
  return result;
}

describe.runIf(process.platform === 'linux')('massgen with MCP servers', () => {
  it('runs mcp_weather.yaml: the agent calls the stdio server, answers with its result, and the server is gone after the run', async () => {
    setup.server.setResponder(toolUsingModel('mcp__everything__echo', echoInput, () => recordChildren()));
    cli = startCli(['--no-display', '--config', weatherYaml(), '请查询北京和上海的天气'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The tool said: Echo: 北京和上海下周的天气\n');

    const [first] = setup.server.requests;
    const offeredTools = first?.tools.map((tool) => tool.function.name);
    expect(offeredTools).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum']));
    // A team of one answers directly: no workflow tools, its text is the answer.
    expect(offeredTools).not.toContain('new_answer');
    const events = readRunEvents(setup.directory);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        agentId: '旅行规划师',
        name: 'mcp__everything__echo',
        input: JSON.stringify(echoInput),
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'tool-result',
        name: 'mcp__everything__echo',
        output: 'Echo: 北京和上海下周的天气',
        isError: false,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'answer',
        agentId: '旅行规划师',
        content: 'The tool said: Echo: 北京和上海下周的天气',
      }),
    );

    expect([...seenChildren.values()].some(({ commandLine }) => commandLine.includes(everythingBin))).toBe(true);
    await expectNoChildLeft();
  });

  it("fills ${VAR} in a server env block from .env, and gives the server none of MassGen's API keys", async () => {
    writeFileSync(path.join(setup.directory, '.env'), 'WEATHER_API_KEY=weather-key-from-dotenv\n');
    const withEnv = `          env:
            WEATHER_API_KEY: "\${WEATHER_API_KEY}"
`;
    setup.server.setResponder(toolUsingModel('mcp__everything__get-env', {}, () => recordChildren()));
    cli = startCli(['--no-display', '--config', weatherYaml('', withEnv), 'env?'], {
      cwd: setup.directory,
      env: { OPENAI_API_KEY: 'sk-cli-environment-key', ANTHROPIC_API_KEY: 'sk-ant-cli-key' },
    });
    const result = await cli.done;
    expect(result.code).toBe(0);
    const toolResult = readRunEvents(setup.directory).find((event) => event.type === 'tool-result');
    const environment = JSON.parse(toolResult?.type === 'tool-result' ? toolResult.output : '{}') as Record<
      string,
      string
    >;
    // The server got the key; the record shows the tool's output with it redacted, the model saw it whole.
    expect(environment['WEATHER_API_KEY']).toBe('[redacted]');
    expect(JSON.stringify(setup.server.requests.map((request) => request.messages))).toContain(
      'weather-key-from-dotenv',
    );
    expect(environment['PATH']).toBe(process.env['PATH']);
    expect(Object.keys(environment)).not.toContain('OPENAI_API_KEY');
    expect(Object.keys(environment)).not.toContain('ANTHROPIC_API_KEY');
    expect(toolResult?.type === 'tool-result' && toolResult.output).not.toContain('test-key');
    await expectNoChildLeft();
  });

  it("runs upstream's list form with server-filesystem, offering only the allowed tools", async () => {
    const file = writeMcpTeam(path.join(setup.directory, 'files.yaml'), {
      url: setup.server.url,
      servers: `${filesServer()}          allowed_tools: [read_text_file, list_directory]\n`,
    });
    await readItinerary(file);
    const mcpTools = setup.server.requests[0]?.tools
      .map((tool) => tool.function.name)
      .filter((name) => name.startsWith('mcp__'));
    expect(mcpTools).toEqual(['mcp__files__read_text_file', 'mcp__files__list_directory']);
    await expectNoChildLeft();
  });

  it("withholds the tools upstream's backend-level exclude_tools names, and warns about a name no tool has", async () => {
    const file = writeMcpTeam(path.join(setup.directory, 'excluded.yaml'), {
      url: setup.server.url,
      backend: '      type: openai\n      api: chat\n      model: gpt-4.1\n',
      backendExtra: `      parallel_tool_calls: false
      exclude_tools:
        - mcp__files__write_file
        - mcp__files__move_fiel
`,
      servers: filesServer(),
    });
    const result = await readItinerary(file);
    const offeredNames = setup.server.requests[0]?.tools.map((tool) => tool.function.name) ?? [];
    expect(offeredNames).toContain('mcp__files__read_text_file');
    expect(offeredNames).toContain('mcp__files__move_file');
    expect(offeredNames).not.toContain('mcp__files__write_file');
    expect(setup.server.requests[0]?.body['parallel_tool_calls']).toBe(false);
    expect(result.stderr).toContain('agent reader has no tool named "mcp__files__move_fiel" to exclude');
    expect(result.stderr).not.toContain('not a key MassGen knows');
    await expectNoChildLeft();
  });

  it('names a server that fails to start in a warning and runs on without it', async () => {
    const broken = `        weather_server:
          type: "stdio"
          command: ${JSON.stringify(process.execPath)}
          args: ["-e", "process.exit(3)"]
`;
    setup.server.setResponder(toolUsingModel('mcp__everything__echo', echoInput, () => recordChildren()));
    cli = startCli(['--no-display', '--config', weatherYaml(broken), '天气?'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'warning: MCP server "weather_server" of agent 旅行规划师 failed to start, so the agent goes on without its tools: ',
    );
    expect(result.stdout).toBe('The tool said: Echo: 北京和上海下周的天气\n');
    expect(setup.server.requests[0]?.tools.some((tool) => tool.function.name.startsWith('mcp__weather_server__'))).toBe(
      false,
    );
    await expectNoChildLeft();
  });

  it('refuses to start a run whose MCP server command does not exist, as --validate does', async () => {
    const broken = `        weather_server:
          type: "stdio"
          command: "massgen-no-such-weather-server"
          args: ["-y", "@modelcontextprotocol/server-weather"]
`;
    const file = weatherYaml(broken);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    cli = startCli(['--no-display', '--config', file, '天气?'], { cwd: setup.directory });
    const result = await cli.done;
    const expected =
      'agents[0].backend.mcp_servers.weather_server.command (agent "旅行规划师", line 15): command "massgen-no-such-weather-server" of MCP server "weather_server" was not found; expected a program on PATH or a path to one';
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(expected);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain(expected);
    // Refused before anything started: no server process, no model request.
    expect(setup.server.requests).toHaveLength(0);
  });

  it('reports a server that dies mid-run, and the agent answers without it', async () => {
    let killed = false;
    setup.server.setResponder(
      toolUsingModel('mcp__everything__echo', echoInput, () => {
        if (killed) return;
        killed = true;
        const [everything] = recordChildren().filter((pid) => processCommandLine(pid).includes(everythingBin));
        if (everything !== undefined) process.kill(everything, 'SIGKILL');
      }),
    );
    cli = startCli(['--no-display', '--config', weatherYaml(), '天气?'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'warning: MCP server "everything" of agent 旅行规划师 stopped, so the agent goes on without its tools: it was stopped by SIGKILL',
    );
    const toolResult = readRunEvents(setup.directory).find((event) => event.type === 'tool-result');
    expect(toolResult).toMatchObject({ name: 'mcp__everything__echo', isError: true });
    expect(toolResult?.type === 'tool-result' && toolResult.output).toMatch(
      /^mcp__everything__echo failed: MCP server "everything" (stopped|is not running)/,
    );
    expect(result.stdout).toContain('mcp__everything__echo failed: MCP server "everything"');
    await expectNoChildLeft();
  });

  it('leaves no server running when the run ends in an error', async () => {
    setup.server.setResponder(() => {
      recordChildren();
      return {
        type: 'error',
        status: 400,
        body: { error: { message: 'Unsupported model for this request.', type: 'invalid_request_error' } },
      };
    });
    cli = startCli(['--no-display', '--config', weatherYaml(), '天气?'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Agent "旅行规划师" failed to answer: .*Unsupported model/);
    await expectNoChildLeft();
  });

  it('leaves no server running after Ctrl-C', async () => {
    setup.server.setResponder(() => {
      recordChildren();
      return { type: 'hang' };
    });
    cli = startCli(['--no-display', '--config', weatherYaml(), '天气?'], { cwd: setup.directory });
    await setup.server.waitForRequests(1);
    cli.child.kill('SIGINT');
    const result = await cli.done;
    expect(result.code).toBe(4);
    expect(readRunEvents(setup.directory).at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
    await expectNoChildLeft();
  });
});
