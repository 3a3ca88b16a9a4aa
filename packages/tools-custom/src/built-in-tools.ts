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
 * The built-in equivalent of an upstream tool: by function name when no path is written (as
 * upstream looks it up), or by function and upstream path.
 */
export function builtInToolFor(functionName: string, upstreamPath?: string): Tool | undefined {
  return builtIns.find(
    (builtIn) =>
      builtIn.function === functionName && (upstreamPath === undefined || builtIn.upstreamPath === upstreamPath),
  )?.tool;
}
