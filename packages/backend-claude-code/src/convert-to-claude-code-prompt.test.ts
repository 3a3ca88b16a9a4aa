import type { Message } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { bridgedToolName, convertToClaudeCodePrompt } from './convert-to-claude-code-prompt.js';
import type { ClaudeCodePromptInput } from './convert-to-claude-code-prompt.js';

function convert(overrides: Partial<ClaudeCodePromptInput>) {
  return convertToClaudeCodePrompt({
    messages: [{ role: 'user', content: 'Build a landing page.' }],
    options: { useDefaultPrompt: true },
    directory: '/runs/r1/coder',
    roots: [{ path: '/runs/r1/coder', access: 'write' }],
    toolNames: [],
    ...overrides,
  });
}

describe("a request as Claude Code's prompt", () => {
  it("appends MassGen's system messages, the workspace and the tool names to Claude Code's own prompt", () => {
    const { systemPrompt, prompt } = convert({
      messages: [
        { role: 'system', content: 'You are agent coder.' },
        { role: 'user', content: 'Build a landing page.' },
      ],
      roots: [
        { path: '/runs/r1/coder', access: 'write' },
        { path: '/runs/r1/snapshots/agent2.1', access: 'read', name: 'peers/agent2' },
        { path: '/data/out', access: 'write', name: '/data/out' },
        { path: '/runs/r1/other', access: 'none' },
      ],
      toolNames: ['new_answer', 'vote'],
      options: { useDefaultPrompt: true, appendSystemPrompt: 'Be brief.' },
    });
    expect(prompt).toBe('Build a landing page.');
    expect(systemPrompt).toEqual({ type: 'preset', preset: 'claude_code', append: expect.any(String) });
    const append = typeof systemPrompt === 'string' ? systemPrompt : systemPrompt.append;
    expect(append.startsWith('You are agent coder.')).toBe(true);
    expect(append).toContain('You work in /runs/r1/coder');
    expect(append).toContain('- /runs/r1/snapshots/agent2.1 (peers/agent2): read only');
    expect(append).toContain('- /data/out: read and write');
    expect(append).not.toContain('/runs/r1/other');
    expect(append).toContain(`new_answer is ${bridgedToolName('new_answer')}`);
    expect(append.endsWith('Be brief.')).toBe(true);
  });

  it("replaces Claude Code's prompt with system_prompt, or leaves it out when use_default_prompt is false", () => {
    const replaced = convert({ options: { useDefaultPrompt: false, systemPrompt: 'You review code.' } });
    expect(typeof replaced.systemPrompt).toBe('string');
    expect((replaced.systemPrompt as string).startsWith('You review code.\n\nYou work in /runs/r1/coder')).toBe(true);
    expect((convert({ options: { useDefaultPrompt: false } }).systemPrompt as string).startsWith('You work in')).toBe(
      true,
    );
  });

  it('renders earlier turns, tool calls and results as a transcript before the latest user message', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Plan a trip.' },
      {
        role: 'assistant',
        content: 'Checking the weather.',
        toolCalls: [{ id: 'c1', name: 'forecast', input: '{"city":"Oslo"}' }],
      },
      { role: 'tool', toolCallId: 'c1', toolName: 'forecast', content: 'Snow', isError: false },
      { role: 'assistant', content: 'Pack boots.' },
      { role: 'user', content: 'And for Rome?' },
    ];
    const { prompt } = convert({ messages });
    expect(prompt).toBe(
      [
        'The conversation so far:',
        '',
        '<user>\nPlan a trip.\n</user>',
        '',
        '<assistant>\nChecking the weather.\n[called forecast with {"city":"Oslo"}]\n</assistant>',
        '',
        '<tool_result name="forecast">\nSnow\n</tool_result>',
        '',
        '<assistant>\nPack boots.\n</assistant>',
        '',
        'Now:',
        '',
        'And for Rome?',
      ].join('\n'),
    );
  });

  it('asks to continue when the conversation ends in a tool result', () => {
    const { prompt } = convert({
      messages: [
        { role: 'user', content: 'Look it up.' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'lookup', input: '{}' }] },
        { role: 'tool', toolCallId: 'c1', toolName: 'lookup', content: 'not found', isError: true },
      ],
    });
    expect(prompt).toContain('<tool_result name="lookup" error="true">\nnot found\n</tool_result>');
    expect(prompt.endsWith('Continue from here.')).toBe(true);
  });
});
