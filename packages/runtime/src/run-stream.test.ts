import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackendRequest, RunEvent } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { createScriptedBackend, hang, newAnswerCall, notify, textTurn, voteCall } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { runStream } from './run-stream.js';
import type { RunOptions } from './run.js';
import { useRunDirectory } from './run-test-support.js';

const runDirectory = useRunDirectory('run-stream');

const soloYaml =
  'agent:\n  id: solo\n  backend: { type: chatcompletion, model: m }\norchestrator:\n  coordinate_single_agent: true\n';

function options(extra: RunOptions = {}): RunOptions {
  return runDirectory.options({
    record: false,
    ...extra,
  });
}

/** Answers when it may, votes for the first label once answers exist, presents otherwise. */
function soloMember(request: BackendRequest): ScriptedTurn {
  if (request.tools?.some((tool) => tool.name === 'vote') === true)
    return textTurn('', voteCall('agent1', 'it is right'));
  if (request.tools?.some((tool) => tool.name === 'new_answer') === true) return textTurn('', newAnswerCall('4'));
  return textTurn('The answer is 4.');
}

describe('runStream', () => {
  it('yields every event in order, ending with run-end, and resolves the same result as run()', async () => {
    const seenByCallback: RunEvent[] = [];
    const stream = runStream(
      parseConfig(soloYaml, { baseDir: runDirectory.path, env: {} }),
      'What is 2+2?',
      options({
        backends: { solo: createScriptedBackend({ turns: soloMember }) },
        onEvent: (event) => seenByCallback.push(event),
      }),
    );
    const events: RunEvent[] = [];
    for await (const event of stream.events) events.push(event);
    const result = await stream.result;

    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(events[0]?.type).toBe('run-start');
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus', finalAnswer: 'The answer is 4.' });
    expect(
      events
        .filter((event) => event.type === 'final-delta')
        .map((event) => (event.type === 'final-delta' ? event.text : ''))
        .join(''),
    ).toBe('The answer is 4.');
    expect(seenByCallback).toEqual(events);
    expect(result).toMatchObject({ stopReason: 'consensus', finalAnswer: 'The answer is 4.', winnerAgentId: 'solo' });
    expect(result.runId).toBe(events[0]?.runId);
  });

  it('cancels the run when the reader leaves the loop early', async () => {
    const backend = createScriptedBackend({ turns: [[hang()]] });
    const stream = runStream(
      parseConfig(soloYaml, { baseDir: runDirectory.path, env: {} }),
      'q',
      options({ backends: { solo: backend } }),
    );
    for await (const event of stream.events) {
      if (event.type === 'agent-start') break;
    }
    const result = await stream.result;
    expect(result.stopReason).toBe('cancelled');
    expect(backend.abortedTurns).toEqual([0]);
  });

  it('cancels the run when the caller aborts its own signal', async () => {
    const controller = new AbortController();
    const backend = createScriptedBackend({ turns: [[notify(() => controller.abort()), hang()]] });
    const stream = runStream(
      parseConfig(soloYaml, { baseDir: runDirectory.path, env: {} }),
      'q',
      options({ backends: { solo: backend }, signal: controller.signal }),
    );
    const types: string[] = [];
    for await (const event of stream.events) types.push(event.type);
    expect(types.at(-1)).toBe('run-end');
    expect((await stream.result).stopReason).toBe('cancelled');
  });

  it('throws from the iterator, and rejects the result, when the run cannot start', async () => {
    const stream = runStream(path.join(runDirectory.path, 'missing.yaml'), 'q', options());
    await expect(
      (async () => {
        for await (const event of stream.events) void event;
      })(),
    ).rejects.toMatchObject({ code: 'CONFIG_NOT_FOUND' });
    await expect(stream.result).rejects.toMatchObject({ code: 'CONFIG_NOT_FOUND' });
  });
});
