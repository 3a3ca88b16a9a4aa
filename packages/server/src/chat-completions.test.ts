import { describe, expect, it } from 'vitest';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { RunEvent } from '@massgen/core';
import type { MassGenMetadata } from './completion-metadata.js';
import { soloYaml, tokensPerCall, useTestServers } from './server-test-support.js';

const startServer = useTestServers();

type WithMassGen<T> = T & { massgen?: unknown };

describe('POST /v1/chat/completions with the official openai client', () => {
  it('answers without streaming, with the team usage and the run as metadata', async () => {
    const harness = await startServer();
    const completion: WithMassGen<ChatCompletion> = await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });

    expect(completion).toMatchObject({ object: 'chat.completion', model: 'massgen' });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: 'The answer is 4.' });
    expect(completion.choices[0]?.finish_reason).toBe('stop');

    const metadata = completion.massgen as MassGenMetadata;
    // Calls the run cut short before the provider reported usage (turns made stale by a new
    // answer) cost tokens nobody knows, so the upstream log is an upper bound.
    const calls = metadata.usage_by_agent.reduce((sum, entry) => sum + entry.calls, 0);
    expect(metadata.usage_by_agent.every((entry) => entry.calls >= 1)).toBe(true);
    expect(calls).toBeLessThanOrEqual(harness.upstream.requests.length);
    expect(completion.usage).toMatchObject({
      prompt_tokens: calls * tokensPerCall.promptTokens,
      completion_tokens: calls * tokensPerCall.completionTokens,
      total_tokens: calls * (tokensPerCall.promptTokens + tokensPerCall.completionTokens),
    });

    expect(metadata.stop_reason).toBe('consensus');
    expect(['agent-a', 'agent-b', 'agent-c']).toContain(metadata.winner_agent_id);
    expect(new Set(metadata.votes.map((vote) => vote.voter_agent_id))).toEqual(
      new Set(['agent-a', 'agent-b', 'agent-c']),
    );
    expect(metadata.answers.length).toBeGreaterThanOrEqual(1);
    expect(metadata.answers.every((answer) => answer.content === 'Four.')).toBe(true);
    expect(metadata.usage_by_agent.map((entry) => entry.agent_id).sort()).toEqual(['agent-a', 'agent-b', 'agent-c']);
    expect(JSON.stringify(completion)).not.toContain('upstream-key');
  });

  it('streams progress that a plain client ignores, the final answer as content, then usage and metadata', async () => {
    const harness = await startServer();
    const stream = await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    const progress: RunEvent[] = [];
    let finishReason: string | null | undefined;
    let metadata: MassGenMetadata | undefined;
    let usage: unknown;
    const ids = new Set<string>();
    for await (const chunk of stream) {
      ids.add(chunk.id);
      const extension = (chunk as WithMassGen<typeof chunk>).massgen as
        { event?: RunEvent } | MassGenMetadata | undefined;
      const choice = chunk.choices[0];
      content += choice?.delta.content ?? '';
      if (choice?.finish_reason) finishReason = choice.finish_reason;
      if (extension !== undefined && 'event' in extension && extension.event !== undefined) {
        expect(choice?.delta).toEqual({});
        progress.push(extension.event);
      } else if (extension !== undefined) {
        metadata = extension as MassGenMetadata;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(content).toBe('The answer is 4.');
    expect(finishReason).toBe('stop');
    expect(ids.size).toBe(1);
    expect(progress[0]?.type).toBe('run-start');
    expect(progress.map((event) => event.type)).toEqual(
      expect.arrayContaining(['agent-start', 'answer', 'vote', 'consensus', 'usage']),
    );
    expect(progress.some((event) => event.type === 'final-delta' || event.type === 'run-end')).toBe(false);
    expect(progress.map((event) => event.seq)).toEqual([...progress.map((event) => event.seq)].sort((a, b) => a - b));
    expect(metadata).toMatchObject({ stop_reason: 'consensus' });
    const calls = metadata?.usage_by_agent.reduce((sum, entry) => sum + entry.calls, 0) ?? 0;
    expect(calls).toBe(progress.filter((event) => event.type === 'usage').length);
    expect(usage).toMatchObject({
      prompt_tokens: calls * tokensPerCall.promptTokens,
      completion_tokens: calls * tokensPerCall.completionTokens,
    });
  });

  it('accumulates into a final completion with the SDK stream helper', async () => {
    const harness = await startServer();
    const runner = harness.client.chat.completions.stream({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    const final = await runner.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe('The answer is 4.');
  });

  it('passes the earlier turns to the agents as history and the last user message as the task', async () => {
    const harness = await startServer();
    const events: RunEvent[] = [];
    const stream = await harness.client.chat.completions.create({
      model: 'massgen',
      stream: true,
      messages: [
        { role: 'user', content: 'Remember the number 2.' },
        { role: 'assistant', content: 'Noted: 2.' },
        { role: 'user', content: [{ type: 'text', text: 'Add 2 to it.' }] },
      ],
    });
    for await (const chunk of stream) {
      const extension = (chunk as WithMassGen<typeof chunk>).massgen as { event?: RunEvent } | undefined;
      if (extension?.event !== undefined) events.push(extension.event);
    }
    expect(events[0]).toMatchObject({ type: 'run-start', task: 'Add 2 to it.' });
    const firstPrompt = JSON.stringify(harness.upstream.requests[0]?.messages);
    for (const text of ['Remember the number 2.', 'Noted: 2.', 'Add 2 to it.']) expect(firstPrompt).toContain(text);
  });

  it('routes model ids to the operator configurations and lists them', async () => {
    const harness = await startServer({ namedYaml: { solo: soloYaml } });
    const models = await harness.client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['massgen', 'massgen/solo']);
    expect((await harness.client.models.retrieve('massgen/solo')).id).toBe('massgen/solo');

    const completion = await harness.client.chat.completions.create({
      model: 'massgen/solo',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect(new Set(harness.upstream.requests.map((request) => request.model))).toEqual(new Set(['solo-model']));
  });

  it('never offers client tools to the agents', async () => {
    const harness = await startServer();
    await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
      tools: [
        {
          type: 'function',
          function: { name: 'run_shell', description: 'Runs a command', parameters: { type: 'object' } },
        },
      ],
    });
    const offered = new Set(
      harness.upstream.requests.flatMap((request) => request.tools.map((tool) => tool.function.name)),
    );
    expect(offered.has('run_shell')).toBe(false);
    expect([...offered].every((name) => name === 'new_answer' || name === 'vote')).toBe(true);
  });

  it('checks the bearer key when one is set, and keeps /health open', async () => {
    const harness = await startServer({ apiKey: 'server-key' });
    expect((await harness.client.models.list()).data).toHaveLength(1);
    const wrong = await fetch(`${harness.url}/v1/models`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'invalid_api_key' } });
    const missing = await fetch(`${harness.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(harness.upstream.requests).toHaveLength(0);
    const health = await fetch(`${harness.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('tells the operator about configuration warnings at start, and not the clients', async () => {
    const harness = await startServer({ defaultYaml: `${soloYaml}colour: blue\n` });
    expect(harness.logs.join('\n')).toMatch(/warning: model massgen: colour: /);
    const stream = await harness.client.chat.completions.create({
      model: 'massgen',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    const types: string[] = [];
    for await (const chunk of stream) {
      const event = ((chunk as WithMassGen<typeof chunk>).massgen as { event?: RunEvent } | undefined)?.event;
      if (event !== undefined) types.push(event.type);
    }
    expect(types).toContain('run-start');
    expect(types).not.toContain('warning');
  });
});
