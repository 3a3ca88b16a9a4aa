import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, startCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { callOnceThenAnswer } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * Custom tools through the built CLI against the fake OpenAI server: one agent calls a
 * TypeScript tool (loaded from source, no build, importing zod and @massgen/tool-utils that the
 * project never installed), the other a Python tool written as upstream MassGen writes them
 * (importing `massgen.tool._result`), run in its workspace; both results reach the models and
 * the run record shows the calls.
 */
/** A sleep no other test runs, so that finding it running means a Python call's work was left behind. */
const marker = `300.${String(process.pid).padStart(7, '0')}5`;

const setup = useFakeServerDirectory('cli-custom-tools', { server: () => ({ apiKey: 'test-key' }) });
beforeEach(() => {
  // A CommonJS package of tools installed in the project, found by its bare name as @massgen/tools-dice.
  const dice = path.join(setup.directory, 'node_modules', '@massgen', 'tools-dice');
  mkdirSync(dice, { recursive: true });
  writeFileSync(path.join(dice, 'package.json'), JSON.stringify({ name: '@massgen/tools-dice', main: 'dice.cjs' }));
  writeFileSync(
    path.join(dice, 'dice.cjs'),
    `const { z } = require('zod');
const { defineTool } = require('@massgen/tool-utils');
module.exports = [
  defineTool({ name: 'roll', description: 'Rolls a loaded die.', inputSchema: z.object({ sides: z.int() }), execute: ({ sides }) => 'rolled ' + sides }),
];
`,
  );
  mkdirSync(path.join(setup.directory, 'tools'));
  writeFileSync(
    path.join(setup.directory, 'tools', 'shelf.ts'),
    `import { z } from 'zod';
import { defineTool } from '@massgen/tool-utils';

const catalogue: Record<string, number> = { Dune: 1965, Emma: 1815 };

export const bookYear = defineTool({
  name: 'book_year',
  description: 'The year a book came out.',
  inputSchema: z.object({ title: z.string() }),
  execute: ({ title }) => \`\${title} came out in \${catalogue[title] ?? 'an unknown year'}.\`,
});
`,
  );
  writeFileSync(
    path.join(setup.directory, 'tools', 'math_tools.py'),
    `# -*- coding: utf-8 -*-
import os
import subprocess
import time

from massgen.tool._result import ExecutionResult, TextContent


async def multiply(x: int, y: int) -> ExecutionResult:
    """Multiply two numbers.

    Args:
        x: First factor
        y: Second factor
    """
    print("multiplying")
    where = os.path.basename(os.getcwd())
    return ExecutionResult(output_blocks=[TextContent(data=f"{x} times {y} is {x * y} (worked in {where})")])


def ponder() -> str:
    """Thinks for a very long time."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pids.txt"), "w") as pids:
        pids.write(f"{os.getppid()} {os.getpid()}")
    subprocess.Popen(["sleep", "${marker}"])
    time.sleep(300)
    return "done"
`,
  );
});

function team(): string {
  const file = path.join(setup.directory, 'team.yaml');
  const backend = (lines: string[]) =>
    [
      '    backend:',
      '      type: chatcompletion',
      '      model: gpt-5-nano',
      `      base_url: ${JSON.stringify(setup.server.url)}`,
      '      api_key: test-key',
      ...lines.map((line) => `      ${line}`),
    ].join('\n');
  writeFileSync(
    file,
    `agents:
  - id: librarian
${backend(['custom_tools:', '  - path: tools/shelf.ts', '  - package: dice'])}
  - id: mathematician
${backend(['cwd: maths-workspace', 'custom_tools:', '  - name: [multiply, ponder]', '    category: math', '    path: tools/math_tools.py', '    function: [multiply, ponder]'])}
`,
  );
  return file;
}

/** The hanging call's helper process, and the Python processes of that call (the bridge and the call's own), while they live. */
function leftBehind(): string[] {
  let sleeps: string[] = [];
  try {
    sleeps = execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
  } catch {
    // None.
  }
  let pids: string[] = [];
  try {
    pids = readFileSync(path.join(setup.directory, 'tools', 'pids.txt'), 'utf8').split(' ');
  } catch {
    // The call has not started.
  }
  return [...sleeps, ...pids.filter((pid) => isAlive(Number(pid)))];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('massgen with custom tools', { timeout: 90_000 }, () => {
  it('runs a TypeScript tool for one agent and an upstream-style Python tool for the other; the results reach the models and the record', async () => {
    setup.server.setResponder(
      callOnceThenAnswer([
        { name: 'custom_tool__book_year', arguments: { title: 'Dune' } },
        { name: 'custom_tool__multiply', arguments: { x: 6, y: 7 } },
      ]),
    );
    const result = await runCli(
      ['--no-display', '--config', team(), 'When did Dune come out, and what is 6 times 7?'],
      { cwd: setup.directory },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);

    const toolMessages = setup.server.requests.flatMap((request) =>
      request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
    );
    expect(toolMessages).toContain('Dune came out in 1965.');
    expect(toolMessages).toContain('6 times 7 is 42 (worked in maths-workspace)');
    expect(
      setup.server.requests.some((request) => request.tools.some((tool) => tool.function.name === 'custom_tool__roll')),
    ).toBe(true);
    const multiply = setup.server.requests
      .flatMap((request) => request.tools)
      .find((tool) => tool.function.name === 'custom_tool__multiply');
    expect(multiply?.function.description).toBe('Multiply two numbers.');
    expect(multiply?.function.parameters).toMatchObject({
      type: 'object',
      properties: {
        x: { type: 'integer', description: 'First factor' },
        y: { type: 'integer', description: 'Second factor' },
      },
      required: ['x', 'y'],
    });

    const results = readRunEvents(setup.directory).filter((event) => event.type === 'tool-result');
    expect(results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agentId: 'librarian',
          name: 'custom_tool__book_year',
          output: 'Dune came out in 1965.',
          isError: false,
        }),
        expect.objectContaining({
          agentId: 'mathematician',
          name: 'custom_tool__multiply',
          output: '6 times 7 is 42 (worked in maths-workspace)',
          isError: false,
        }),
      ]),
    );
    expect(leftBehind()).toEqual([]);
  });

  it('--validate names the file and line of a Python tool with a syntax error, without running it', async () => {
    writeFileSync(
      path.join(setup.directory, 'tools', 'math_tools.py'),
      'def multiply(x: int, y: int) -> int\n    return x * y\n',
    );
    const result = await runCli(['--validate', team()], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /agents\[1\]\.backend\.custom_tools\[0\]\.path \(agent "mathematician"[^)]*\): .*math_tools\.py, line 1: SyntaxError/,
    );
    expect(setup.server.requests).toEqual([]);
  });

  it('--validate and a run name the missing interpreter when there is no python3', async () => {
    const env = { MASSGEN_PYTHON: path.join(setup.directory, 'no-such-python3') };
    const validated = await runCli(['--validate', team()], { cwd: setup.directory, env });
    expect(validated.code).toBe(1);
    expect(validated.stdout).toMatch(
      /custom_tools\[0\]\.path.*Python tools need Python 3: .*no-such-python3 is not installed or not on PATH/,
    );
    const run = await runCli(['--no-display', '--config', team(), 'Hi.'], { cwd: setup.directory, env });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/Python tools need Python 3/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(setup.server.requests).toEqual([]);
  });

  it('stops a run before any model call when a Python tool file does not import, naming file and line', async () => {
    writeFileSync(
      path.join(setup.directory, 'tools', 'math_tools.py'),
      'import os\nimport not_a_module_anyone_has\n\ndef multiply(x: int, y: int) -> int:\n    return x * y\n\ndef ponder() -> str:\n    return ""\n',
    );
    const result = await runCli(['--no-display', '--config', team(), 'Hi.'], { cwd: setup.directory });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(
      /custom_tools\[0\]\.path.*math_tools\.py, line 2: ModuleNotFoundError: No module named 'not_a_module_anyone_has'/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(setup.server.requests).toEqual([]);
  });

  it('Ctrl-C during a hanging Python call ends the run and leaves no Python process behind', async () => {
    setup.server.setResponder(
      callOnceThenAnswer([
        { name: 'custom_tool__book_year', arguments: { title: 'Emma' } },
        { name: 'custom_tool__ponder', arguments: {} },
      ]),
    );
    const cli = startCli(['--no-display', '--config', team(), 'Think.'], { cwd: setup.directory });
    await expect.poll(() => leftBehind().length, { timeout: 60_000 }).toBe(3);
    cli.child.kill('SIGINT');
    const result = await cli.done;
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await expect.poll(leftBehind, { timeout: 15_000 }).toEqual([]);
  });
});
