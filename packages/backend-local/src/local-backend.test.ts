import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBackend } from './local-backend.js';
import { loadedModelCount, unloadSharedModels } from './model-registry.js';
import { writeTinyLlamaGguf } from './testing/tiny-llama-model.js';
import { collectParts, newAnswerToolDefinition, voteToolDefinition } from '@massgen/testing';

let directory: string;
let modelPath: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'massgen-local-'));
  modelPath = await writeTinyLlamaGguf(path.join(directory, 'tiny.gguf'));
});

afterAll(async () => {
  await unloadSharedModels();
  await rm(directory, { recursive: true, force: true });
});

function settings(overrides: Partial<BackendSettings> = {}, warnings: Warning[] = []): BackendSettings {
  return {
    agentId: 'agent-a',
    type: 'local',
    model: modelPath,
    options: { context_size: 1024 },
    env: {},
    warn: (warning) => warnings.push(warning),
    ...overrides,
  };
}

const question: BackendRequest['messages'] = [
  { role: 'system', content: 'You are a helpful agent.' },
  { role: 'user', content: 'What is the capital of France?' },
];

describe('local backend on a real GGUF model', () => {
  it('streams text through the chat template, then usage and the finish', async () => {
    const backend = createLocalBackend(settings());
    const parts = await collectParts(
      backend.stream({ messages: question, settings: { maxOutputTokens: 12, seed: 1, temperature: 0.8 } }),
    );
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    const usage = parts.find((part) => part.type === 'usage');
    const finish = parts.at(-1);
    expect(parts.some((part) => part.type === 'error')).toBe(false);
    expect(text.length).toBeGreaterThan(0);
    expect(usage?.type === 'usage' && usage.usage.outputTokens).toBeGreaterThan(0);
    expect(usage?.type === 'usage' && usage.usage.outputTokens).toBeLessThanOrEqual(12);
    expect(usage?.type === 'usage' && usage.usage.inputTokens).toBeGreaterThan(10);
    expect(finish?.type === 'finish' && ['stop', 'length']).toContain(
      finish?.type === 'finish' ? finish.reason : undefined,
    );
  });

  it('makes a grammar-constrained workflow call that parses and matches the tool schema', async () => {
    const backend = createLocalBackend(settings());
    const parts = await collectParts(
      backend.stream({
        messages: question,
        tools: [newAnswerToolDefinition, voteToolDefinition(['agent1', 'agent2'])],
        toolChoice: 'auto',
        turnEndingTools: ['new_answer', 'vote'],
        settings: { maxOutputTokens: 200, seed: 3, temperature: 0.8 },
      }),
    );
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    if (call?.type !== 'tool-call') throw new Error('expected a tool call');
    const input = JSON.parse(call.input) as Record<string, unknown>;
    if (call.name === 'new_answer') {
      expect(Object.keys(input)).toEqual(['content']);
      expect(typeof input['content']).toBe('string');
    } else {
      expect(call.name).toBe('vote');
      expect(['agent1', 'agent2']).toContain(input['agent_id']);
      expect(typeof input['reason']).toBe('string');
    }
    expect(parts.some((part) => part.type === 'text-delta')).toBe(false);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
  });

  it('forces the only callable tool when the vote has no one to vote for', async () => {
    const backend = createLocalBackend(settings());
    const parts = await collectParts(
      backend.stream({
        messages: question,
        tools: [newAnswerToolDefinition, voteToolDefinition([])],
        toolChoice: 'required',
        settings: { maxOutputTokens: 200, seed: 5, temperature: 0.8 },
      }),
    );
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ type: 'tool-call', name: 'new_answer' });
  });

  it('continues a conversation that holds a tool call and its result', async () => {
    const backend = createLocalBackend(settings());
    const parts = await collectParts(
      backend.stream({
        messages: [
          ...question,
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'lookup', input: '{"city":"Paris"}' }] },
          { role: 'tool', toolCallId: 'call_1', toolName: 'lookup', content: 'Paris is the capital.' },
        ],
        tools: [newAnswerToolDefinition],
        turnEndingTools: ['new_answer'],
        settings: { maxOutputTokens: 200, seed: 2 },
      }),
    );
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ name: 'new_answer' });
  });

  it('shares one loaded model between two agents, each generating in its own context', async () => {
    const first = createLocalBackend(settings({ agentId: 'agent-a' }));
    const second = createLocalBackend(settings({ agentId: 'agent-b' }));
    const [a, b] = await Promise.all([
      collectParts(first.stream({ messages: question, settings: { maxOutputTokens: 8, seed: 1 } })),
      collectParts(second.stream({ messages: question, settings: { maxOutputTokens: 8, seed: 2 } })),
    ]);
    for (const parts of [a, b]) {
      expect(parts.some((part) => part.type === 'error')).toBe(false);
      expect(parts.at(-1)?.type).toBe('finish');
    }
    expect(loadedModelCount()).toBe(1);
  });

  it('stops mid-generation when the caller aborts, ending with one ABORTED error', async () => {
    const backend = createLocalBackend(settings());
    const controller = new AbortController();
    const parts: StreamPart[] = [];
    for await (const part of backend.stream(
      { messages: question, settings: { maxOutputTokens: 2000, seed: 1, stopSequences: ['never-said'] } },
      { signal: controller.signal },
    )) {
      parts.push(part);
      if (part.type === 'text-delta') controller.abort();
    }
    const outputTokens = parts.filter((part) => part.type === 'text-delta').length;
    expect(parts.at(-1)).toMatchObject({ type: 'error', error: { code: 'ABORTED', retryable: false } });
    expect(parts.filter((part) => part.type === 'error')).toHaveLength(1);
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
    expect(outputTokens).toBeLessThan(2000);
  });

  it('reports a missing model file as an error part naming the path', async () => {
    const missing = path.join(directory, 'absent.gguf');
    const parts = await collectParts(createLocalBackend(settings({ model: missing })).stream({ messages: question }));
    expect(parts).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({ code: 'BACKEND_NOT_FOUND', message: expect.stringContaining(missing) }),
      },
    ]);
  });

  it('warns once per backend about a setting llama.cpp does not have', async () => {
    const backend = createLocalBackend(settings());
    const request: BackendRequest = { messages: question, settings: { maxOutputTokens: 2, reasoningEffort: 'high' } };
    const first = await collectParts(backend.stream(request));
    const second = await collectParts(backend.stream(request));
    expect(first.filter((part) => part.type === 'warning')).toHaveLength(1);
    expect(second.filter((part) => part.type === 'warning')).toHaveLength(0);
  });
});
