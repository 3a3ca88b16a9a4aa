import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { createScriptedBackend, errorPart, hang, notify, textTurn } from '@massgen/testing';
import { run } from './run.js';
import type { RunOptions } from './run.js';
import { useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('passthrough');

function soloConfig() {
  return parseConfig(
    'agent:\n  id: solo\n  system_message: "Be brief."\n  backend: { type: chatcompletion, model: m }\n',
    { baseDir: runDirectory.path, env: {} },
  );
}

function options(extra: RunOptions = {}): RunOptions {
  return runDirectory.options({
    record: false,
    passthrough: true,
    ...extra,
  });
}

describe('run with passthrough', () => {
  it('answers in one model call with the conversation as is, streaming the text as the final answer', async () => {
    const backend = createScriptedBackend({
      turns: [
        [
          { type: 'text-delta', text: 'Paris ' },
          { type: 'text-delta', text: 'it is.' },
          { type: 'usage', usage: { inputTokens: 12, outputTokens: 3 } },
          { type: 'finish', reason: 'stop' },
        ],
      ],
    });
    const events: RunEvent[] = [];
    const result = await run(
      soloConfig(),
      'And of France?',
      options({
        backends: { solo: backend },
        history: [
          { role: 'user', content: 'Capital of Italy?' },
          { role: 'assistant', content: 'Rome.' },
        ],
        onEvent: (event) => events.push(event),
      }),
    );

    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Capital of Italy?' },
      { role: 'assistant', content: 'Rome.' },
      { role: 'user', content: 'And of France?' },
    ]);
    expect(backend.requests[0]?.tools).toBeUndefined();
    expect(events.map((event) => event.type)).toEqual([
      'run-start',
      'round',
      'agent-start',
      'final-delta',
      'final-delta',
      'usage',
      'answer',
      'final',
      'run-end',
    ]);
    expect(events[0]).toMatchObject({ strategy: 'passthrough' });
    expect(result).toMatchObject({
      stopReason: 'completed',
      finalAnswer: 'Paris it is.',
      winnerAgentId: 'solo',
      answers: [{ label: 'agent1.1', agentId: 'solo', content: 'Paris it is.', round: 1 }],
      votes: [],
    });
    expect(result.usage).toEqual([{ agentId: 'solo', usage: { inputTokens: 12, outputTokens: 3 }, calls: 1 }]);
  });

  it('refuses a team of several agents before any call', async () => {
    const config = parseConfig(
      'agents:\n  - id: a\n    backend: { type: chatcompletion, model: m }\n  - id: b\n    backend: { type: chatcompletion, model: m }\n',
      { baseDir: runDirectory.path, env: {} },
    );
    const backend = createScriptedBackend({ turns: [] });
    await expect(run(config, 'q', options({ backends: { a: backend, b: backend } }))).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('2 agents'),
    });
    expect(backend.requests).toHaveLength(0);
  });

  it('retries a retryable failure before the first token, then answers', async () => {
    const backend = createScriptedBackend({
      turns: [[errorPart({ code: 'BACKEND_OVERLOADED', message: 'busy', retryable: true })], textTurn('Done.')],
    });
    const events: RunEvent[] = [];
    const result = await run(
      soloConfig(),
      'q',
      options({ backends: { solo: backend }, sleep: async () => {}, onEvent: (event) => events.push(event) }),
    );
    expect(result.finalAnswer).toBe('Done.');
    expect(events.find((event) => event.type === 'agent-error')).toMatchObject({
      willRetry: true,
      error: { code: 'BACKEND_OVERLOADED' },
    });
  });

  it('ends with all-agents-failed and the error when the call fails for good', async () => {
    const backend = createScriptedBackend({
      turns: [[errorPart({ code: 'BACKEND_AUTH', message: 'Incorrect API key provided.' })]],
    });
    const result = await run(soloConfig(), 'q', options({ backends: { solo: backend } }));
    expect(result.stopReason).toBe('all-agents-failed');
    expect(result.finalAnswer).toBeUndefined();
    expect(result.error).toMatchObject({ code: 'BACKEND_AUTH', agentId: 'solo' });
  });

  it('treats an empty answer as a failure rather than a final answer', async () => {
    const backend = createScriptedBackend({ turns: [textTurn('  ')] });
    const result = await run(soloConfig(), 'q', options({ backends: { solo: backend } }));
    expect(result.stopReason).toBe('all-agents-failed');
    expect(result.error).toMatchObject({ code: 'WORKFLOW_VIOLATION' });
  });

  it('stops at the configured time limit', async () => {
    const backend = createScriptedBackend({ turns: [[hang()]] });
    const config = soloConfig();
    const result = await run(
      { ...config, orchestrator: { ...config.orchestrator, timeoutMs: 10 } },
      'q',
      options({ backends: { solo: backend } }),
    );
    expect(result.stopReason).toBe('timeout');
    expect(result.error).toMatchObject({ code: 'TIMEOUT' });
    expect(backend.abortedTurns).toEqual([0]);
  });

  it('is cancelled by the run signal', async () => {
    const controller = new AbortController();
    const backend = createScriptedBackend({
      turns: [[{ type: 'text-delta', text: 'Par' }, notify(() => controller.abort()), hang()]],
    });
    const result = await run(soloConfig(), 'q', options({ backends: { solo: backend }, signal: controller.signal }));
    expect(result.stopReason).toBe('cancelled');
    expect(result.finalAnswer).toBeUndefined();
  });

  it('sends the attachments with the question in its one model call', async () => {
    const backend = createScriptedBackend({ turns: [textTurn('A square.')] });
    const image = {
      type: 'image' as const,
      mediaType: 'image/png',
      filename: 'square.png',
      data: { type: 'bytes' as const, bytes: new Uint8Array([1, 2]) },
    };
    await run(soloConfig(), 'What is it?', options({ backends: { solo: backend }, attachments: [image] }));
    expect(backend.requests[0]?.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'What is it?' }, image],
    });
  });
});
