import { describe, expect, it } from 'vitest';
import type { Tool } from '@massgen/core';
import { runToolCalls } from './tool-execution.js';

/** A tool that never settles and ignores its signal, as a stuck read or a silent server would. */
const stuck: Tool = {
  name: 'stuck',
  description: 'Never returns.',
  inputSchema: { type: 'object' },
  execute: () => new Promise(() => undefined),
};

describe('runToolCalls', () => {
  it('ends a call to a tool that ignores cancellation as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const outcomes = runToolCalls([{ id: 'c1', name: 'stuck', input: '{}' }], new Map([['stuck', stuck]]), {
      agentId: 'a',
      signal: controller.signal,
    });
    controller.abort();
    await expect(outcomes).resolves.toEqual([
      {
        call: { id: 'c1', name: 'stuck', input: '{}' },
        content: 'stuck was stopped: the turn was cancelled.',
        isError: true,
      },
    ]);
  });

  it('does not start a tool when the signal has already aborted', async () => {
    let started = false;
    const watched: Tool = { ...stuck, execute: () => ((started = true), new Promise(() => undefined)) };
    const outcomes = await runToolCalls([{ id: 'c1', name: 'stuck', input: '' }], new Map([['stuck', watched]]), {
      agentId: 'a',
      signal: AbortSignal.abort(),
    });
    expect(outcomes.map((outcome) => outcome.content)).toEqual(['stuck was stopped: the turn was cancelled.']);
    expect(started).toBe(false);
  });
});
