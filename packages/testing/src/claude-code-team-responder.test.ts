import { describe, expect, it } from 'vitest';
import { createClaudeCodeTeamResponder } from './claude-code-team-responder.js';
import type { FakeAnthropicMessage, FakeAnthropicTool } from './fake-anthropic-server-types.js';
import { teamRequest, workflowTools } from './anthropic-team-responder-fixtures.js';

const { newAnswer, vote } = workflowTools('mcp__massgen__');
const write: FakeAnthropicTool = { name: 'Write', input_schema: { type: 'object', properties: {} } };

describe('createClaudeCodeTeamResponder', () => {
  it("calls MassGen's workflow tools by their Claude Code names, thinking first when asked to", () => {
    const responder = createClaudeCodeTeamResponder({ answer: 'Forty-two.' });
    expect(responder(teamRequest([write, newAnswer, vote([])]), { index: 0 })).toEqual({
      type: 'tool-use',
      calls: [{ name: 'mcp__massgen__new_answer', input: { content: 'Forty-two.' } }],
    });
    expect(
      responder(teamRequest([newAnswer, vote(['agent1'])], { body: { thinking: { type: 'adaptive' } } }), { index: 0 }),
    ).toEqual({
      type: 'tool-use',
      calls: [
        {
          name: 'mcp__massgen__vote',
          input: { agent_id: 'agent1', reason: 'agent1 gives a complete and correct answer.' },
        },
      ],
      thinking: 'Deciding the next step.',
    });
  });

  it('runs its built-in steps one per reply, counting the results Claude Code sent back', () => {
    const responder = createClaudeCodeTeamResponder({
      answer: 'Done.',
      steps: (_request, turn) =>
        turn.kind === 'call' && turn.name === 'new_answer'
          ? [
              { name: 'Write', input: { file_path: '/ws/a.txt', content: 'a' } },
              { name: 'Read', input: { file_path: '/ws/a.txt' } },
            ]
          : [],
    });
    const tools = [write, newAnswer];
    expect(responder(teamRequest(tools), { index: 0 })).toEqual({
      type: 'tool-use',
      calls: [{ name: 'Write', input: { file_path: '/ws/a.txt', content: 'a' } }],
    });
    const afterWrite: FakeAnthropicMessage[] = [
      { role: 'user', content: 'Task' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Write', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
    ];
    expect(responder(teamRequest(tools, { messages: afterWrite }), { index: 1 })).toMatchObject({
      calls: [{ name: 'Read' }],
    });
    const afterRead: FakeAnthropicMessage[] = [
      ...afterWrite,
      { role: 'assistant', content: [{ type: 'tool_use', id: 't2', name: 'Read', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'a' }] },
    ];
    expect(responder(teamRequest(tools, { messages: afterRead }), { index: 2 })).toMatchObject({
      calls: [{ name: 'mcp__massgen__new_answer', input: { content: 'Done.' } }],
    });
  });

  it('presents plain text when no workflow tool is offered', () => {
    expect(createClaudeCodeTeamResponder({ finalText: 'Final.' })(teamRequest([write]), { index: 0 })).toEqual({
      type: 'text',
      text: 'Final.',
    });
  });
});
