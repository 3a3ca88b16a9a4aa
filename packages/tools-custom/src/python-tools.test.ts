import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { ToolSource, Warning } from '@massgen/core';
import { agentYaml, callTool, checkCustomToolSettings, openCustomTools } from './custom-tools-test-support.js';

/**
 * Python tools through the real bridge and the real `python3`, written the way upstream MassGen's
 * tool files are: importing `massgen.tool._result`, typed, with Google-style docstrings.
 */
const scratch = useTemporaryDirectory('python-tools');
let source: ToolSource | undefined;
/** A sleep no other test runs, so that finding it running means a call's work was left behind. */
const marker = `300.${String(process.pid).padStart(7, '0')}3`;

const upstreamStyleTools = `# -*- coding: utf-8 -*-
"""Tools in upstream MassGen's style."""

import asyncio
import os
import subprocess
import time
from typing import List, Optional

from massgen.tool._result import ExecutionResult, TextContent


async def add_numbers(x: int, y: int) -> ExecutionResult:
    """Add two whole numbers.

    Args:
        x: The first number
        y: The second number, which
            may be negative

    Returns:
        The sum.
    """
    await asyncio.sleep(0)
    return ExecutionResult(output_blocks=[TextContent(data=f"{x} + {y} = {x + y}")])


def describe_place(city: str, tags: Optional[List[str]] = None, units: str = "metric", agent_cwd: str = "") -> str:
    """Describe a city, printing along the way."""
    print("this goes to stderr, not to the model")
    return f"{city} in {units} ({', '.join(tags or [])}); cwd={os.getcwd()}; agent_cwd={agent_cwd}"


def fail_loudly(reason: str) -> str:
    """Always fails."""
    raise RuntimeError(f"cannot do it: {reason}")


def wait_forever() -> str:
    """Starts a helper process and never returns."""
    subprocess.Popen(["sleep", "${marker}"])
    time.sleep(300)
    return "never"


def say_a_lot(count: int) -> str:
    """Returns a very long string."""
    return "x" * count
`;

beforeEach(() => {
  writeFileSync(path.join(scratch.path, 'place_tools.py'), upstreamStyleTools);
});

afterEach(async () => {
  await source?.close();
  source = undefined;
});

function leftBehind(): string[] {
  try {
    return execFileSync('pgrep', ['-f', `sleep ${marker}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
  } catch {
    return [];
  }
}

const entry = (functions: string, extra: readonly string[] = []): string[] => [
  'custom_tools:',
  `  - path: place_tools.py`,
  `    function: ${functions}`,
  ...extra.map((line) => `    ${line}`),
];

describe('Python custom tools', () => {
  it('derives the schema from the signature, hints and docstring, and runs async and sync functions', async () => {
    source = await openCustomTools(
      scratch.path,
      agentYaml(entry('[add_numbers, describe_place]', ['preset_args: [{}, {units: imperial}]'])),
    );
    const tools = source.toolsFor?.('coder') ?? [];
    expect(tools.map((tool) => [tool.name, tool.description])).toEqual([
      ['custom_tool__add_numbers', 'Add two whole numbers.'],
      ['custom_tool__describe_place', 'Describe a city, printing along the way.'],
    ]);
    expect(tools[0]?.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        x: { type: 'integer', description: 'The first number' },
        y: { type: 'integer', description: 'The second number, which may be negative' },
      },
      required: ['x', 'y'],
    });
    const placeSchema = tools[1]?.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(placeSchema.properties)).toEqual(['city', 'tags']);
    expect(placeSchema.required).toEqual(['city']);

    expect(await callTool(source, 'custom_tool__add_numbers', { x: 2, y: -5 })).toEqual({ content: '2 + -5 = -3' });
    const workspace = realpathSync(mkdtempSync(path.join(scratch.path, 'ws-')));
    const described = await callTool(
      source,
      'custom_tool__describe_place',
      { city: 'Oslo', tags: ['cold'] },
      { workingDirectory: workspace },
    );
    expect(described).toEqual({ content: `Oslo in imperial (cold); cwd=${workspace}; agent_cwd=${workspace}` });
  });

  it('checks the input against the derived schema before Python sees it', async () => {
    source = await openCustomTools(scratch.path, agentYaml(entry('add_numbers')));
    const result = await callTool(source, 'custom_tool__add_numbers', { x: 'two', y: 1 });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Invalid arguments for custom_tool__add_numbers: x/);
  });

  it('returns what a tool raises to the model as a tool error, and the next call still works', async () => {
    source = await openCustomTools(scratch.path, agentYaml(entry('[fail_loudly, add_numbers]')));
    const failed = await callTool(source, 'custom_tool__fail_loudly', { reason: 'no fuel' });
    expect(failed.isError).toBe(true);
    expect(failed.content).toContain('custom_tool__fail_loudly failed: RuntimeError: cannot do it: no fuel');
    expect(failed.content).toContain('place_tools.py", line');
    expect(await callTool(source, 'custom_tool__add_numbers', { x: 1, y: 1 })).toEqual({ content: '1 + 1 = 2' });
  });

  it('stops a call past custom_tools_timeout_seconds, killing its work and what it started', async () => {
    source = await openCustomTools(
      scratch.path,
      agentYaml([...entry('[wait_forever, add_numbers]'), 'custom_tools_timeout_seconds: 1']),
    );
    const result = await callTool(source, 'custom_tool__wait_forever', {});
    expect(result).toEqual({
      content:
        'custom_tool__wait_forever did not finish within 1 seconds (custom_tools_timeout_seconds) and was stopped.',
      isError: true,
    });
    await expect.poll(leftBehind, { timeout: 10_000 }).toEqual([]);
    expect(await callTool(source, 'custom_tool__add_numbers', { x: 3, y: 4 })).toEqual({ content: '3 + 4 = 7' });
  });

  it('kills a call when its turn is cancelled, and the bridge with every call when the run closes', async () => {
    source = await openCustomTools(scratch.path, agentYaml(entry('wait_forever')));
    const turn = new AbortController();
    const cancelled = callTool(source, 'custom_tool__wait_forever', {}, { signal: turn.signal });
    await expect.poll(leftBehind, { timeout: 10_000 }).toHaveLength(1);
    turn.abort();
    expect(await cancelled).toEqual({
      content: 'custom_tool__wait_forever was stopped: the turn was cancelled.',
      isError: true,
    });
    await expect.poll(leftBehind, { timeout: 10_000 }).toEqual([]);

    const running = callTool(source, 'custom_tool__wait_forever', {});
    await expect.poll(leftBehind, { timeout: 10_000 }).toHaveLength(1);
    await source.close();
    source = undefined;
    await expect.poll(leftBehind, { timeout: 10_000 }).toEqual([]);
    expect((await running).isError).toBe(true);
  });

  it('keeps what tools print out of the protocol, and caps a huge result for the model', async () => {
    source = await openCustomTools(scratch.path, agentYaml(entry('[describe_place, say_a_lot]')));
    expect((await callTool(source, 'custom_tool__describe_place', { city: 'Rome' })).content).toMatch(
      /^Rome in metric/,
    );
    const huge = await callTool(source, 'custom_tool__say_a_lot', { count: 5_000_000 });
    expect(huge.content.length).toBeLessThan(41_000);
    expect(huge.content).toMatch(/\[\.\.\. 4960000 more characters left out\]$/);
  });

  it('stops the run at start, naming the file and line, when a tool file does not import', async () => {
    writeFileSync(
      path.join(scratch.path, 'broken.py'),
      'import os\nimport not_a_module_anyone_has\n\ndef tool() -> str:\n    return "x"\n',
    );
    const yaml = agentYaml(['custom_tools:', '  - {path: broken.py, function: tool}']);
    await expect(openCustomTools(scratch.path, yaml)).rejects.toThrow(
      /agents\[0\]\.backend\.custom_tools\[0\]\.path.*broken\.py, line 2: ModuleNotFoundError: No module named 'not_a_module_anyone_has'/,
    );
  });

  it('reports a syntax error, a missing function and a missing file in --validate without running the file', async () => {
    writeFileSync(path.join(scratch.path, 'syntax.py'), 'open("ran-at-validate", "w")\n\ndef tool(:\n    pass\n');
    const { issues } = await checkCustomToolSettings(
      scratch.path,
      agentYaml(['custom_tools:', '  - {path: syntax.py, function: tool}', '  - {path: nowhere.py, function: tool}']),
    );
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      expect.stringMatching(/^agents\[0\]\.backend\.custom_tools\[0\]\.path: .*syntax\.py, line 3: SyntaxError/),
      expect.stringMatching(/^agents\[0\]\.backend\.custom_tools\[1\]\.path: .*nowhere\.py does not exist/),
    ]);
    expect(leftBehind()).toEqual([]);
    await expect(
      openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - {path: place_tools.py, function: add_number}'])),
    ).rejects.toThrow(/has no function "add_number"; it defines add_numbers, describe_place/);
  });

  it('says how to get Python when there is none', async () => {
    const { issues } = await checkCustomToolSettings(scratch.path, agentYaml(entry('add_numbers')), {
      ...process.env,
      MASSGEN_PYTHON: path.join(scratch.path, 'no-python-here'),
    });
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'agents[0].backend.custom_tools[0].path',
        message: expect.stringContaining('Python tools need Python 3'),
      }),
    ]);
  });

  it("offers upstream's two_num_tool as a built-in, and warns about upstream tools and keys MassGen-TS lacks", async () => {
    const yaml = agentYaml([
      'custom_tools:',
      '  - name: ["two_num_tool"]',
      '    category: "math"',
      '    path: "massgen/tool/_basic/_two_num_tool.py"',
      '    function: ["two_num_tool"]',
      '    defer_loading: false',
      '  - {name: [text_to_video_generation], path: massgen/tool/_multimodal_tools/text_to_video_generation.py, function: [text_to_video_generation]}',
      '  - {path: massgen/tool/_basic/_two_num_tool.py, function: two_num_tool, name: sum_again, default_params: {x: 1}, colour: blue}',
      '  - {name: two_num_tool, function: wrong_two_num_tool}',
      '  - {function: gemini_computer_use}',
    ]);
    const warnings: Warning[] = [];
    source = await openCustomTools(scratch.path, yaml, { warnings });
    expect(await callTool(source, 'custom_tool__two_num_tool', { x: 123, y: 456 })).toEqual({
      content: 'The sum of 123 and 456 is 579',
    });
    expect(await callTool(source, 'custom_tool__sum_again', { x: 1, y: 2 })).toEqual({
      content: 'The sum of 1 and 2 is 3',
    });
    const expected = [
      ['custom_tools[0].defer_loading', /^defer_loading .* is not supported; the tool is offered from the start/],
      [
        'custom_tools[1]',
        /text_to_video_generation \(massgen\/tool\/_multimodal_tools\/text_to_video_generation\.py\); the agent runs without it/,
      ],
      ['custom_tools[2].default_params', /^upstream MassGen does not read default_params either/],
      ['custom_tools[2].colour', /^is not a custom tool setting, so it has no effect; expected path, package/],
    ] as const;
    const found = [
      ...expected.map(([key, message]) =>
        expect.objectContaining({
          code: 'unsupported-feature',
          path: `agents[0].backend.${key}`,
          message: expect.stringMatching(message),
        }),
      ),
      // A function upstream has no tool of either, as upstream's examples of a wrong tool name it.
      expect.objectContaining({
        code: 'unknown-tool',
        path: 'agents[0].backend.custom_tools[3]',
        message:
          'upstream MassGen has no tool wrong_two_num_tool either (with no path it looks only among its own tools), so it fails there too; the agent runs without it',
      }),
      expect.objectContaining({
        code: 'unsupported-feature',
        path: 'agents[0].backend.custom_tools[4]',
        message:
          "MassGen-TS does not support upstream MassGen's built-in tool gemini_computer_use; the agent runs without it",
      }),
    ];
    expect(warnings).toEqual(found);
    expect(await checkCustomToolSettings(scratch.path, yaml)).toEqual({ issues: [], warnings: found });
  });
});
