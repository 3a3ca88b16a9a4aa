import { z } from 'zod';
import type { Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';

/** Where upstream MassGen keeps its own tools; configurations name them by paths under it. */
export const upstreamToolDirectory = 'massgen/tool/';

/** Upstream's sample tool, which many of its example configurations use. */
const twoNumbers = defineTool({
  name: 'two_num_tool',
  description: 'Add two numbers together.',
  inputSchema: z.object({
    x: z.int().describe('First number'),
    y: z.int().describe('Second number'),
  }),
  execute: ({ x, y }) => `The sum of ${x} and ${y} is ${x + y}`,
});

/** Upstream built-in tools MassGen-TS has an equivalent of, by function name and the file upstream keeps it in. */
const builtIns: ReadonlyArray<{ function: string; upstreamPath: string; tool: Tool }> = [
  { function: 'two_num_tool', upstreamPath: `${upstreamToolDirectory}_basic/_two_num_tool.py`, tool: twoNumbers },
];

/**
 * The functions upstream MassGen finds for an entry with no path: those its `massgen.tool`
 * package exports (upstream's `_load_builtin_function` looks nowhere else). A name outside this
 * list fails in upstream too.
 */
const upstreamPathlessTools: ReadonlySet<string> = new Set([
  'two_num_tool',
  'run_python_script',
  'run_shell_script',
  'read_file_content',
  'save_file_content',
  'append_file_content',
  'computer_use',
  'claude_computer_use',
  'gemini_computer_use',
  'browser_automation',
  'simple_browser_automation',
  'dashscope_generate_image',
  'dashscope_generate_audio',
  'dashscope_analyze_image',
  'openai_generate_image',
  'openai_generate_audio',
  'openai_modify_image',
  'openai_create_variation',
  'openai_analyze_image',
  'openai_transcribe_audio',
]);

/** Whether upstream MassGen would find a tool by this function name alone (an entry without a path). */
export function isUpstreamPathlessTool(functionName: string): boolean {
  return upstreamPathlessTools.has(functionName);
}

/**
 * The built-in equivalent of an upstream tool: by function name when no path is written (as
 * upstream looks it up), or by function and upstream path.
 */
export function builtInToolFor(functionName: string, upstreamPath?: string): Tool | undefined {
  return builtIns.find(
    (builtIn) =>
      builtIn.function === functionName && (upstreamPath === undefined || builtIn.upstreamPath === upstreamPath),
  )?.tool;
}
