import type { ContractReplies } from './backend-failure-contract.js';
import { fakeOpenAIErrors, openAIErrorBody } from './fake-openai-server-errors.js';
import type { FakeOpenAIServer, FakeReply } from './fake-openai-server-types.js';
import { scriptedToolCalls } from './scripted-tool-calls.js';
import type { StreamedTurnsScript } from './it-streams-turns.js';

/**
 * The failure contract's replies from the fake OpenAI server, for the Chat Completions and
 * Responses APIs alike. `afterChunks` is how many chunks a broken stream sends first: enough to
 * carry some text in the API at hand (Azure sends its content-filter results first).
 */
export function openAIContractReplies(options: {
  afterChunks: number;
  /** How many chunks a stream cut inside a tool call sends first; no such test without it. */
  toolCallChunks?: number;
}): ContractReplies<FakeReply> {
  const { afterChunks, toolCallChunks } = options;
  const vote = { name: 'vote', arguments: { agent_id: 'agent1', reason: 'best' } };
  return {
    text: (text) => ({ type: 'text', text }),
    stall: (text) => ({ type: 'stall', afterChunks, reply: { type: 'text', text } }),
    drop: (text) => ({ type: 'drop', afterChunks, reply: { type: 'text', text } }),
    endEarly: () => ({
      type: 'drop',
      afterChunks,
      graceful: true,
      reply: { type: 'text', text: 'An answer cut short.' },
    }),
    hang: () => ({ type: 'hang' }),
    rejectionSaying: (text) => ({
      type: 'error',
      status: 400,
      body: openAIErrorBody(text, 'invalid_request_error', null),
    }),
    rateLimit: (seconds) => fakeOpenAIErrors.rateLimit({ retryAfter: String(seconds) }),
    ...(toolCallChunks === undefined
      ? {}
      : {
          dropInToolCall: () => ({
            type: 'drop',
            afterChunks: toolCallChunks,
            reply: { type: 'tool-calls', calls: [vote] },
          }),
        }),
  };
}

/**
 * The streaming contract's replies, queued on the fake OpenAI server, for the Chat Completions and
 * Responses APIs alike: the text reports 20 input tokens (4 of them cached) and 8 output tokens,
 * and the call without input comes with no argument text at all, which a backend must read as `{}`.
 */
export function openAIStreamedTurns(server: FakeOpenAIServer): StreamedTurnsScript {
  return {
    text: (text) =>
      server.enqueue({ type: 'text', text, usage: { promptTokens: 20, completionTokens: 8, cachedTokens: 4 } }),
    toolCalls: (text) =>
      server.enqueue({
        type: 'tool-calls',
        text,
        calls: scriptedToolCalls.map(({ name, input }) => ({
          name,
          arguments: Object.keys(input).length === 0 ? '' : input,
        })),
      }),
  };
}
