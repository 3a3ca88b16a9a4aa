import { CitedSources, sourcesListedIn } from '@massgen/backend-utils';
import type {
  AgentHandle,
  AgentStreamPart,
  Backend,
  Message,
  SamplingSettings,
  Tool,
  ToolCall,
  TurnRequest,
} from '@massgen/core';
import type { RequestGate } from './request-gate.js';
import { streamWithRetry } from './stream-with-retry.js';
import type { RetryPolicy } from './retry-policy.js';
import { runToolCalls } from './tool-execution.js';

export interface AgentHandleOptions {
  id: string;
  backend: Backend;
  systemMessage: string | undefined;
  /** The agent's configured sampling settings; a turn's own settings override them. */
  sampling: SamplingSettings;
  /** Tools the runtime executes for the agent (MCP, workspace). */
  tools: readonly Tool[];
  retryPolicy: RetryPolicy;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Holds the agent's requests to `max_concurrent_requests`, with the rest of its team's. */
  gate?: RequestGate;
  /** Model calls one turn may make while it keeps calling tools. */
  maxToolSteps?: number;
  /** The agent's workspace, handed to each tool call (see `ToolContext.workingDirectory`). */
  workingDirectory?: string;
}

const identicalCallLimit = 3;

/**
 * Puts the runtime behind an agent: settings, retries, and the tool loop. Calls to the
 * strategy's workflow tools end the turn and go back to the strategy unexecuted; calls to other
 * tools run here and their results go back to the model until it makes its workflow call.
 */
export function createAgentHandle(options: AgentHandleOptions): AgentHandle {
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  const maxToolSteps = options.maxToolSteps ?? 25;
  return {
    id: options.id,
    provider: options.backend.provider,
    modelId: options.backend.modelId,
    systemMessage: options.systemMessage,
    tools: options.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    async *turn(request: TurnRequest, callOptions: { signal?: AbortSignal } = {}): AsyncGenerator<AgentStreamPart> {
      const signal = callOptions.signal;
      const workflowNames = new Set(request.workflowTools.map((tool) => tool.name));
      const messages: Message[] = [...request.messages];
      const toolDefinitions = [
        ...request.workflowTools,
        ...options.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      ];
      const callCounts = new Map<string, number>();
      // The pages the provider's own search cited this turn, kept with the answer the turn submits.
      const cited = new CitedSources();
      for (let step = 0; step < maxToolSteps; step += 1) {
        const calls: ToolCall[] = [];
        let text = '';
        let providerMetadata: Record<string, unknown> | undefined;
        let endedWithError = false;
        const parts = streamWithRetry(
          options.backend,
          {
            messages,
            ...(toolDefinitions.length > 0 ? { tools: toolDefinitions } : {}),
            ...(workflowNames.size > 0 ? { turnEndingTools: [...workflowNames] } : {}),
            ...(request.toolChoice === undefined ? {} : { toolChoice: request.toolChoice }),
            settings: { ...options.sampling, ...request.settings },
          },
          {
            agentId: options.id,
            policy: options.retryPolicy,
            signal,
            sleep: options.sleep,
            ...(options.gate === undefined ? {} : { gate: options.gate }),
          },
        );
        const pendingFinish: AgentStreamPart[] = [];
        // Workflow calls wait for the step's end, when the sources its text cites are known.
        const workflowCalls: ToolCall[] = [];
        // The step's usage follows its workflow calls: a budget that this usage uses up must not
        // end the turn before the answer it paid for is submitted.
        const stepUsage: AgentStreamPart[] = [];
        for await (const part of parts) {
          if (part.type === 'provider-tool') {
            yield { type: 'tool-call', id: part.id, name: part.name, input: part.input };
            yield { type: 'tool-result', id: part.id, name: part.name, output: part.output, isError: part.isError };
            continue;
          }
          if (part.type === 'tool-call') calls.push({ id: part.id, name: part.name, input: part.input });
          if (part.type === 'text-delta') text += part.text;
          if (part.type === 'error') endedWithError = true;
          if (part.type === 'provider-metadata') providerMetadata = { ...providerMetadata, ...part.metadata };
          // A step that ends in tool calls is not the end of the turn: hold its finish back.
          if (part.type === 'finish') pendingFinish.push(part);
          else if (part.type === 'tool-call' && workflowNames.has(part.name)) workflowCalls.push(part);
          else if (part.type === 'usage') stepUsage.push(part);
          else yield part;
        }
        for (const source of sourcesListedIn(text)) cited.add(source);
        for (const call of workflowCalls) yield { type: 'tool-call', ...withSources(call, cited) };
        yield* stepUsage;
        const runtimeCalls = calls.filter((call) => !workflowNames.has(call.name));
        const madeWorkflowCall = calls.some((call) => workflowNames.has(call.name));
        if (endedWithError || runtimeCalls.length === 0 || madeWorkflowCall) {
          yield* pendingFinish;
          return;
        }
        for (const call of runtimeCalls) {
          const key = `${call.name}\u0000${call.input}`;
          const count = (callCounts.get(key) ?? 0) + 1;
          callCounts.set(key, count);
          if (count >= identicalCallLimit) {
            yield {
              type: 'error',
              error: {
                code: 'TOOL_FAILED',
                message: `Agent ${options.id} called ${call.name} with the same input ${identicalCallLimit} times in one turn; the turn was stopped to break the loop.`,
                retryable: false,
                agentId: options.id,
              },
            };
            return;
          }
        }
        messages.push({
          role: 'assistant',
          content: text,
          toolCalls: runtimeCalls,
          ...(providerMetadata === undefined ? {} : { providerMetadata }),
        });
        const results = await runToolCalls(runtimeCalls, toolsByName, {
          agentId: options.id,
          signal,
          ...(options.workingDirectory === undefined ? {} : { workingDirectory: options.workingDirectory }),
        });
        for (const result of results) {
          yield {
            type: 'tool-result',
            id: result.call.id,
            name: result.call.name,
            output: result.content,
            isError: result.isError,
          };
          messages.push({
            role: 'tool',
            toolCallId: result.call.id,
            toolName: result.call.name,
            content: result.content,
            isError: result.isError,
          });
        }
      }
      yield {
        type: 'error',
        error: {
          code: 'TOOL_FAILED',
          message: `Agent ${options.id} made ${maxToolSteps} tool-calling steps without ending its turn.`,
          retryable: false,
          agentId: options.id,
        },
      };
    },
  };
}

/**
 * A workflow call whose text argument `content` (an answer) gets the pages the turn's searches
 * cited and it does not mention yet: the provider wrote them beside the text the model streamed,
 * not into the answer the model wrote as the call's argument.
 */
function withSources(call: ToolCall, cited: CitedSources): ToolCall {
  if (cited.size === 0) return call;
  let input: unknown;
  try {
    input = JSON.parse(call.input);
  } catch {
    return call;
  }
  if (typeof input !== 'object' || input === null || !('content' in input) || typeof input.content !== 'string')
    return call;
  const footnote = cited.footnoteFor(input.content);
  return footnote === '' ? call : { ...call, input: JSON.stringify({ ...input, content: input.content + footnote }) };
}
