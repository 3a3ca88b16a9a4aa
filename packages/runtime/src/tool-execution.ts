import { toMassGenError } from '@massgen/core';
import type { Tool, ToolCall } from '@massgen/core';

export interface ToolCallOutcome {
  call: ToolCall;
  content: string;
  isError: boolean;
}

/**
 * A tool's outcome, or `cancelled` as soon as the signal aborts. A tool is handed the signal and
 * should stop on it, but one that does not (a stuck read, a server that never answers) must not
 * hold the turn, and with it the run's time limit, its cancellation and Ctrl-C: it is left to
 * finish on its own, and its result is dropped.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, cancelled: T): Promise<T> {
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(cancelled);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then((outcome) => {
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    });
  });
}

/**
 * Runs a step's tool calls in parallel. Every failure (unknown tool, malformed input, a tool
 * that throws) becomes an error result the model can read and correct, never an exception.
 */
export async function runToolCalls(
  calls: readonly ToolCall[],
  tools: ReadonlyMap<string, Tool>,
  context: { agentId: string; signal: AbortSignal | undefined; workingDirectory?: string },
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
      const cancelled = { call, content: `${call.name} was stopped: the turn was cancelled.`, isError: true };
      if (signal.aborted) return cancelled;
      const execution = (async (): Promise<ToolCallOutcome> => {
        try {
          const result = await tool.execute(input, {
            agentId: context.agentId,
            signal,
            ...(context.workingDirectory === undefined ? {} : { workingDirectory: context.workingDirectory }),
          });
          return { call, content: result.content, isError: result.isError === true };
        } catch (error) {
          return { call, content: `${call.name} failed: ${toMassGenError(error).message}`, isError: true };
        }
      })();
      return untilAborted(execution, signal, cancelled);
    }),
  );
}
