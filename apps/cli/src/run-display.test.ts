import { describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent } from '@massgen/core';
import type { CliIo } from './cli-io.js';
import { openRunDisplay } from './run-display.js';
import { textSink } from './text-sink-test-support.js';

const events: RunEvent[] = (
  [
    {
      type: 'run-start',
      task: 'q',
      strategy: 'vote',
      agents: [{ id: 'alpha', provider: 'chatcompletion', modelId: 'm' }],
    },
    { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
    { type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'streamed text is not progress' },
  ] satisfies CoordinationEvent[]
).map((event, seq) => ({ ...event, runId: 'r', seq, time: seq }));

async function shown(mode: 'simple' | 'quiet' | 'silent'): Promise<{ stdout: string; stderr: string }> {
  const io: CliIo = { stdout: textSink(), stderr: textSink(), cwd: '/tmp', env: {} };
  const display = await openRunDisplay(mode, {
    io,
    settings: { type: 'textual', liveTimeline: true, showAgentCards: true },
    stdin: process.stdin,
    forceQuit: () => {
      throw new Error('a plain display never forces an exit');
    },
  });
  for (const event of events) display.onEvent(event);
  await display.close();
  expect(display.answerNow.aborted).toBe(false);
  expect(display.cancel.aborted).toBe(false);
  return {
    stdout: (io.stdout as ReturnType<typeof textSink>).text,
    stderr: (io.stderr as ReturnType<typeof textSink>).text,
  };
}

describe('openRunDisplay', () => {
  it('writes plain progress lines to stderr in the simple and quiet modes', async () => {
    for (const mode of ['simple', 'quiet'] as const) {
      const { stdout, stderr } = await shown(mode);
      expect(stdout).toBe('');
      expect(stderr).toBe('Starting 1 agent: alpha (chatcompletion, m)\nalpha is working on an answer\n');
    }
  });

  it('writes nothing in the silent mode', async () => {
    expect(await shown('silent')).toEqual({ stdout: '', stderr: '' });
  });
});
