import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackendRequest, Message, ToolDefinition } from '@massgen/core';
import { descendantProcesses, newAnswerToolDefinition, textOf } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeCodeBackend } from './claude-code-backend.js';
import {
  collectParts,
  createClaudeCodeHarness,
  toolResultsFor,
  toolResultText,
  withThinking,
  type ClaudeCodeHarness,
} from './claude-code-test-harness.js';

const lookup: ToolDefinition = {
  name: 'mcp__dictionary__lookup',
  description: 'Looks a word up in the dictionary.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
};

let harness: ClaudeCodeHarness;

beforeEach(async () => {
  harness = await createClaudeCodeHarness();
});

afterEach(async () => {
  await harness.close();
});

function request(messages: Message[], tools: ToolDefinition[] = [newAnswerToolDefinition]): BackendRequest {
  return { messages, tools, turnEndingTools: ['new_answer'], toolChoice: 'auto' };
}

// These tests run the real Claude Code CLI that @anthropic-ai/claude-agent-sdk bundles.
// Each call starts the bundled Claude Code CLI, a process of its own, which on a busy two-core
// machine can take longer than the default 30 s a test.
describe('the Claude Code backend with the bundled CLI', { timeout: 90_000 }, () => {
  it('runs a built-in tool in the workspace, then ends the turn with the workflow call', async () => {
    harness.server.setResponder((received) => {
      if (!received.tools.some((tool) => tool.name === 'mcp__massgen__new_answer'))
        return { type: 'text', text: 'Unexpected request' };
      if (toolResultsFor(received, 'Write').length === 0) {
        return withThinking(received, {
          type: 'tool-use',
          text: 'Writing the file.',
          calls: [
            {
              name: 'Write',
              input: { file_path: path.join(harness.directory, 'hello.txt'), content: 'hello from Claude Code\n' },
            },
          ],
        });
      }
      return withThinking(received, {
        type: 'tool-use',
        calls: [{ name: 'mcp__massgen__new_answer', input: { content: 'I wrote hello.txt.' } }],
      });
    });
    // Claude Code honours a fixed thinking budget for the models it knows, such as this one.
    const backend = createClaudeCodeBackend({
      ...harness.settings({ max_thinking_tokens: 2048, append_system_prompt: 'Keep files small.' }),
      model: 'claude-sonnet-4-5',
    });
    const parts = await collectParts(
      backend.stream(
        request([
          { role: 'system', content: 'You are agent coder in a MassGen team.' },
          { role: 'user', content: 'What is in the brief?' },
          { role: 'assistant', content: 'Looking it up.', toolCalls: [{ id: 'c1', name: 'read_brief', input: '{}' }] },
          { role: 'tool', toolCallId: 'c1', toolName: 'read_brief', content: 'A greeting file.' },
          { role: 'user', content: 'Create hello.txt, then submit your answer.' },
        ]),
      ),
    );

    expect(readFileSync(path.join(harness.directory, 'hello.txt'), 'utf8')).toBe('hello from Claude Code\n');
    expect(textOf(parts, 'text-delta')).toBe('Writing the file.');
    expect(parts).toContainEqual({
      type: 'reasoning-delta',
      text: `\n[Write] ${path.join(harness.directory, 'hello.txt')}\n`,
    });
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: expect.stringMatching(/^toolu_/),
        name: 'new_answer',
        input: '{"content":"I wrote hello.txt."}',
      },
    ]);
    expect(parts.filter((part) => part.type === 'usage')).toEqual([
      {
        type: 'usage',
        usage: expect.objectContaining({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) }),
      },
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls' });

    // What Claude Code sent: MassGen's system message and workspace rules, the task, the bridged tool.
    const first = harness.server.requests.find((received) =>
      received.tools.some((tool) => tool.name === 'mcp__massgen__new_answer'),
    );
    expect(first?.system).toContain('You are agent coder in a MassGen team.');
    expect(first?.system).toContain(`You work in ${harness.directory}`);
    expect(first?.system).toContain('Keep files small.');
    expect(first?.body['thinking']).toMatchObject({ type: 'enabled', budget_tokens: 2048 });
    expect(first?.model).toBe('claude-sonnet-4-5');
    const sent = JSON.stringify(first?.messages);
    expect(sent).toContain('Create hello.txt, then submit your answer.');
    expect(sent).toContain('[called read_brief with {}]');
    expect(sent).toContain('A greeting file.');
    expect(first?.tools.map((tool) => tool.name)).not.toContain('Bash');
    expect(first?.headers['x-api-key']).toBe(harness.settings().options['api_key']);
    expect(descendantProcesses(process.pid)).toEqual([]);
  });

  it('refuses a write outside the workspace and hands a runtime tool call to MassGen, resuming with its result', async () => {
    const stray = path.join(harness.outside, 'stray.txt');
    // A read-only context path: Claude Code may open it (it is among its additional directories), not change it.
    const shared = path.join(harness.outside, 'shared');
    mkdirSync(shared);
    harness.roots.push({ path: shared, access: 'read' });
    harness.server.setResponder((received) => {
      if (toolResultsFor(received, 'Write').length === 0) {
        return withThinking(received, {
          type: 'tool-use',
          calls: [
            { name: 'Write', input: { file_path: stray, content: 'escaped' } },
            { name: 'Write', input: { file_path: path.join(shared, 'notes.md'), content: 'changed' } },
          ],
        });
      }
      if (toolResultsFor(received, 'mcp__massgen__mcp__dictionary__lookup').length === 0) {
        return withThinking(received, {
          type: 'tool-use',
          calls: [{ name: 'mcp__massgen__mcp__dictionary__lookup', input: { word: 'moot' } }],
        });
      }
      const meaning = toolResultText(toolResultsFor(received, 'mcp__massgen__mcp__dictionary__lookup')[0]);
      return withThinking(received, {
        type: 'tool-use',
        calls: [{ name: 'mcp__massgen__new_answer', input: { content: `moot: ${meaning}` } }],
      });
    });
    const backend = createClaudeCodeBackend(harness.settings());
    const messages: Message[] = [{ role: 'user', content: 'Define moot.' }];
    const firstStep = await collectParts(backend.stream(request(messages, [newAnswerToolDefinition, lookup])));

    expect(existsSync(stray)).toBe(false);
    expect(existsSync(path.join(shared, 'notes.md'))).toBe(false);
    const writeResults = toolResultsFor(harness.server.requests.at(-1) ?? harness.server.requests[0]!, 'Write').map(
      toolResultText,
    );
    expect(writeResults).toEqual([
      expect.stringContaining('outside your workspace'),
      expect.stringContaining('which you may read but not change now'),
    ]);
    expect(firstStep).toContainEqual({ type: 'reasoning-delta', text: expect.stringContaining('[Write failed]') });
    const handedOver = firstStep.filter((part) => part.type === 'tool-call');
    expect(handedOver).toEqual([
      { type: 'tool-call', id: expect.any(String), name: 'mcp__dictionary__lookup', input: '{"word":"moot"}' },
    ]);
    expect(firstStep.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls' });

    // The runtime ran the tool; the same Claude Code session continues with its result.
    const call = handedOver[0];
    if (call?.type !== 'tool-call') throw new Error('expected a tool call');
    const requestsBefore = harness.server.requests.length;
    const secondStep = await collectParts(
      backend.stream(
        request(
          [
            ...messages,
            { role: 'assistant', content: '', toolCalls: [{ id: call.id, name: call.name, input: call.input }] },
            { role: 'tool', toolCallId: call.id, toolName: call.name, content: 'open to debate' },
          ],
          [newAnswerToolDefinition, lookup],
        ),
      ),
    );
    expect(secondStep.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: expect.any(String), name: 'new_answer', input: '{"content":"moot: open to debate"}' },
    ]);
    expect(secondStep.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls' });
    // One more model call, in the same conversation: the session was resumed, not restarted.
    expect(harness.server.requests.length - requestsBefore).toBe(1);
    expect(harness.server.requests.at(-1)?.messages.length).toBeGreaterThan(3);
    expect(descendantProcesses(process.pid)).toEqual([]);
  });
});
