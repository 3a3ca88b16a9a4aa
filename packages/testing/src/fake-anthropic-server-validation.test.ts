import { describe, expect, it } from 'vitest';
import { signThinking } from './fake-anthropic-signature.js';
import type { FakeAnthropicMessage, FakeAnthropicRequest } from './fake-anthropic-server-types.js';
import { findAnthropicRequestProblem } from './fake-anthropic-server-validation.js';

function request(body: Record<string, unknown>): FakeAnthropicRequest {
  const full = { model: 'claude-fake-1', max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }], ...body };
  return {
    index: 0,
    body: full,
    headers: {},
    query: {},
    model: String(full.model),
    system: '',
    messages: Array.isArray(full.messages) ? full.messages : [],
    tools: [],
    stream: true,
    media: [],
  };
}

const toolTurn: FakeAnthropicMessage[] = [
  { role: 'user', content: 'Weather?' },
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' }] },
];
const tools = [{ name: 'weather', input_schema: { type: 'object' } }];

describe('findAnthropicRequestProblem', () => {
  it('accepts a plain request and a complete tool turn', () => {
    expect(findAnthropicRequestProblem(request({}))).toBeUndefined();
    expect(findAnthropicRequestProblem(request({ messages: toolTurn, tools }))).toBeUndefined();
  });

  it('requires the fields the API requires', () => {
    expect(findAnthropicRequestProblem(request({ max_tokens: undefined }))).toBe('max_tokens: Field required');
    expect(findAnthropicRequestProblem(request({ model: '' }))).toBe('model: Field required');
    expect(findAnthropicRequestProblem(request({ messages: [] }))).toBe('messages: at least one message is required');
    expect(findAnthropicRequestProblem(request({ messages: [{ role: 'system', content: 'x' }] }))).toContain(
      "Input should be 'user' or 'assistant'",
    );
  });

  it('rejects empty text, and empty turns other than a final assistant prefill', () => {
    expect(
      findAnthropicRequestProblem(request({ messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] })),
    ).toBe('messages: text content blocks must be non-empty');
    expect(findAnthropicRequestProblem(request({ messages: [{ role: 'user', content: '' }] }))).toContain(
      'non-empty content',
    );
    expect(
      findAnthropicRequestProblem(
        request({
          messages: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: '' },
          ],
        }),
      ),
    ).toBeUndefined();
  });

  it('insists every tool_use is answered in the next turn, and every tool_result answers one, results first', () => {
    expect(
      findAnthropicRequestProblem(
        request({ messages: [...toolTurn.slice(0, 2), { role: 'user', content: 'Never mind' }], tools }),
      ),
    ).toContain('`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1');
    expect(
      findAnthropicRequestProblem(
        request({
          messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_9', content: 'x' }] }],
        }),
      ),
    ).toContain('unexpected `tool_use_id` found in `tool_result` blocks: toolu_9');
    const textFirst = [
      ...toolTurn.slice(0, 2),
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
        ],
      },
    ];
    expect(findAnthropicRequestProblem(request({ messages: textFirst, tools }))).toContain(
      'must come before any other content',
    );
  });

  it('checks tools and a forced tool choice', () => {
    expect(
      findAnthropicRequestProblem(request({ tools: [{ name: 'bad name', input_schema: { type: 'object' } }] })),
    ).toContain('tools.0.custom.name');
    expect(
      findAnthropicRequestProblem(request({ tools: [{ name: 't', input_schema: { properties: {} } }] })),
    ).toContain("input_schema.type: Input should be 'object'");
    expect(
      findAnthropicRequestProblem(request({ tools: [{ type: 'web_search_20250305', name: 'web_search' }] })),
    ).toBeUndefined();
    expect(findAnthropicRequestProblem(request({ tool_choice: { type: 'any' } }))).toBe(
      'tool_choice may only be specified while providing tools.',
    );
  });

  it('refuses temperature and top_p together', () => {
    expect(findAnthropicRequestProblem(request({ temperature: 0.5, top_p: 0.9 }))).toContain(
      'cannot both be specified',
    );
  });

  it('applies the thinking rules: budget, max_tokens, sampling and forced tools', () => {
    const thinking = { type: 'enabled', budget_tokens: 2048 };
    expect(findAnthropicRequestProblem(request({ thinking: { type: 'enabled', budget_tokens: 500 } }))).toContain(
      'greater than or equal to 1024',
    );
    expect(findAnthropicRequestProblem(request({ thinking, max_tokens: 2048 }))).toContain(
      '`max_tokens` must be greater than `thinking.budget_tokens`',
    );
    expect(findAnthropicRequestProblem(request({ thinking, max_tokens: 4096, temperature: 0.2 }))).toContain(
      '`temperature` may only be set to 1',
    );
    expect(findAnthropicRequestProblem(request({ thinking, max_tokens: 4096, temperature: 1 }))).toBeUndefined();
    expect(findAnthropicRequestProblem(request({ thinking: { type: 'adaptive' }, top_k: 5 }))).toContain(
      '`top_k` is not supported',
    );
    expect(findAnthropicRequestProblem(request({ thinking, max_tokens: 4096, top_p: 0.5 }))).toContain(
      '`top_p` must be unset or between 0.95 and 1',
    );
    expect(
      findAnthropicRequestProblem(request({ thinking, max_tokens: 4096, tools, tool_choice: { type: 'any' } })),
    ).toBe('Thinking may not be enabled when tool_choice forces tool use.');
  });

  it('wants the thinking of the tool-calling turn replayed, unaltered, when thinking is on', () => {
    const thinking = { type: 'enabled', budget_tokens: 2048 };
    expect(findAnthropicRequestProblem(request({ thinking, max_tokens: 4096, messages: toolTurn, tools }))).toContain(
      'must start with a thinking block',
    );
    const replayed = (signature: string): FakeAnthropicMessage[] => [
      toolTurn[0] as FakeAnthropicMessage,
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Use the tool.', signature },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} },
        ],
      },
      toolTurn[2] as FakeAnthropicMessage,
    ];
    expect(
      findAnthropicRequestProblem(
        request({ thinking, max_tokens: 4096, messages: replayed(signThinking('Use the tool.')), tools }),
      ),
    ).toBeUndefined();
    expect(
      findAnthropicRequestProblem(
        request({ thinking, max_tokens: 4096, messages: replayed(signThinking('Something else.')), tools }),
      ),
    ).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    expect(findAnthropicRequestProblem(request({ messages: toolTurn, tools }))).toBeUndefined();
  });
});
