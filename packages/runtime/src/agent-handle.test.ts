import { describe, expect, it } from 'vitest';
import { collectParts, createScriptedBackend, newAnswerToolDefinition } from '@massgen/testing';
import { createAgentHandle } from './agent-handle.js';
import { defaultRetryPolicy } from './retry-policy.js';

const lookup = {
  name: 'lookup',
  description: 'Looks a word up',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } } },
  execute: async (input: unknown) => ({ content: `meaning of ${(input as { word: string }).word}` }),
};

/** The handle of agent `solo` on `backend` with `tools`, retrying at once. */
function soloHandle(
  backend: Parameters<typeof createAgentHandle>[0]['backend'],
  tools: Parameters<typeof createAgentHandle>[0]['tools'],
) {
  return createAgentHandle({
    id: 'solo',
    backend,
    systemMessage: undefined,
    sampling: {},
    tools,
    retryPolicy: defaultRetryPolicy,
    sleep: async () => {},
  });
}

describe('an agent handle', () => {
  it('tells the backend which offered tools end the turn, on every step of the tool loop', async () => {
    const backend = createScriptedBackend({
      turns: [
        [
          { type: 'tool-call', id: 'l1', name: 'lookup', input: '{"word":"moot"}' },
          { type: 'finish', reason: 'tool-calls' },
        ],
        [
          { type: 'tool-call', id: 'a1', name: 'new_answer', input: '{"content":"done"}' },
          { type: 'finish', reason: 'tool-calls' },
        ],
      ],
    });
    const handle = soloHandle(backend, [lookup]);
    const parts = await collectParts(
      handle.turn({ messages: [{ role: 'user', content: 'Define moot' }], workflowTools: [newAnswerToolDefinition] }),
    );
    expect(parts.filter((part) => part.type === 'tool-result')).toEqual([
      { type: 'tool-result', id: 'l1', name: 'lookup', output: 'meaning of moot', isError: false },
    ]);
    expect(backend.requests.map((request) => request.turnEndingTools)).toEqual([['new_answer'], ['new_answer']]);
    expect(backend.requests[0]?.tools?.map((tool) => tool.name)).toEqual(['new_answer', 'lookup']);
  });

  it('names no turn-ending tools when the turn offers no workflow tool', async () => {
    const backend = createScriptedBackend({
      turns: [
        [
          { type: 'text-delta', text: 'Final' },
          { type: 'finish', reason: 'stop' },
        ],
      ],
    });
    const handle = soloHandle(backend, []);
    await collectParts(handle.turn({ messages: [{ role: 'user', content: 'Present' }], workflowTools: [] }));
    expect(backend.requests[0]).not.toHaveProperty('turnEndingTools');
  });

  it("reports a step's usage after its workflow call, so a budget it uses up cannot drop the answer it paid for", async () => {
    const backend = createScriptedBackend({
      turns: [
        [
          { type: 'usage', usage: { inputTokens: 900 } },
          { type: 'text-delta', text: 'Thinking.' },
          { type: 'tool-call', id: 'a1', name: 'new_answer', input: '{"content":"done"}' },
          { type: 'usage', usage: { outputTokens: 40 } },
          { type: 'finish', reason: 'tool-calls' },
        ],
      ],
    });
    const handle = soloHandle(backend, []);
    const parts = await collectParts(
      handle.turn({ messages: [{ role: 'user', content: 'Go' }], workflowTools: [newAnswerToolDefinition] }),
    );
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'tool-call', 'usage', 'usage', 'finish']);
  });
});
