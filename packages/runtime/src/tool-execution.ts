import { toMassGenError } from '@massgen/core';
import type { Tool, ToolCall } from '@massgen/core';

export interface ToolCallOutcome {
  call: ToolCall;
  content: string;
  isError: boolean;
}

/**
 * Runs a step's tool calls in parallel. Every failure (unknown tool, malformed input, a tool
 * that throws) becomes an error result the model can read and correct, never an exception.
 */
export async function runToolCalls(
  calls: readonly ToolCall[],
  tools: ReadonlyMap<string, Tool>,
  context: { agentId: string; signal: AbortSignal | undefined },
): Promise<ToolCallOutcome[]> {
  const signal = context.signal ?? new AbortController().signal;
  return Promise.all(
    calls.map(async (call): Promise<ToolCallOutcome> => {
      const tool = tools.get(call.name);
      if (tool === undefined) {
        return {
          call,
          content: `Unknown tool "${call.name}". Available tools: ${[...tools.keys()].join(', ') || 'none'}.`,
          isError: true,
        };
      }
      let input: unknown;
      try {
        input = call.input.trim() === '' ? {} : JSON.parse(call.input);
      } catch {
        return {
          call,
          content: `The input for ${call.name} is not valid JSON: ${call.input.slice(0, 200)}`,
          isError: true,
        };
      }
      try {
        const result = await tool.execute(input, { agentId: context.agentId, signal });
        return { call, content: result.content, isError: result.isError === true };
      } catch (error) {
        return { call, content: `${call.name} failed: ${toMassGenError(error).message}`, isError: true };
      }
    }),
  );
}
