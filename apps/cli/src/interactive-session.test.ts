import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import type { MediaPart, Message } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import type { RunResult } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import { runInteractiveSession } from './interactive-session.js';
import type { LineRead } from './line-reader.js';
import type { RunCommandOutcome } from './run-command.js';
import { Conversation } from './session-conversation.js';
import { textSink } from './text-sink-test-support.js';

const config = parseConfig(
  'agents:\n  - id: alpha\n    backend: {type: chatcompletion, model: model-a}\n  - id: beta\n    backend: {type: chatcompletion, model: model-b}\n',
  {
    baseDir: '/project',
    cwd: '/project',
    env: {},
  },
);

/** Plays the session against typed lines and a team that answers from a script. */
async function session(
  lines: Array<string | LineRead>,
  answer: (question: string, turn: number) => Partial<RunResult> = (question) => ({
    finalAnswer: `Answer to ${question}`,
  }),
  initial: readonly MediaPart[] = [],
) {
  const stderr = textSink();
  const io: CliIo = { stdout: textSink(), stderr, cwd: '/project', env: {} };
  const histories: Message[][] = [];
  const attached: Array<readonly MediaPart[]> = [];
  const reads = [...lines];
  const code = await runInteractiveSession({
    config,
    io,
    conversation: new Conversation({
      historyTokens: 8000,
      recordsRoot: '/project/.massgen/runs',
      startSession: () => undefined,
    }),
    readLine: async () => {
      const next = reads.shift();
      if (next === undefined) return { kind: 'end' };
      return typeof next === 'string' ? { kind: 'line', text: next } : next;
    },
    attachments: initial,
    loadAttachment: async (source) => {
      if (source === 'missing.png')
        throw new MassGenError({
          code: 'MEDIA_INVALID',
          message: 'Cannot read the attachment missing.png: no such file.',
        });
      return {
        type: 'image',
        mediaType: 'image/png',
        filename: source,
        data: { type: 'bytes', bytes: new Uint8Array(1) },
      };
    },
    runTurn: async (question, history, attachments, onEvent): Promise<RunCommandOutcome> => {
      histories.push(history);
      attached.push(attachments);
      const runId = `run-${histories.length}`;
      onEvent({ type: 'run-start', task: question, strategy: 'vote', agents: [], runId, seq: 0, time: 0 });
      const result: RunResult = {
        runId: `run-${histories.length}`,
        stopReason: 'consensus',
        answers: [],
        votes: [],
        usage: [{ agentId: 'alpha', usage: { inputTokens: 10, outputTokens: 5 }, calls: 1, costUsd: 0.001 }],
        warnings: [],
        durationMs: 1,
        recordDirectory: `/project/.massgen/runs/run-${histories.length}`,
        ...answer(question, histories.length),
      };
      return { exitCode: ExitCode.success, result };
    },
  });
  return { code, stderr: stderr.text, histories, attached };
}

describe('runInteractiveSession', () => {
  it('sends the earlier questions and answers with each new question', async () => {
    const { code, histories } = await session(['What is 2+2?', 'And times 3?', '/quit']);
    expect(code).toBe(ExitCode.success);
    expect(histories).toEqual([
      [],
      [
        { role: 'user', content: 'What is 2+2?' },
        { role: 'assistant', content: 'Answer to What is 2+2?' },
      ],
    ]);
  });

  it('forgets the conversation on /reset', async () => {
    const { histories, stderr } = await session(['first', '/reset', 'second']);
    expect(histories[1]).toEqual([]);
    expect(stderr).toContain('The conversation is cleared');
  });

  it('keeps the conversation as it was after a cancelled question', async () => {
    const { histories, stderr } = await session(['first', 'second', 'third'], (question) =>
      question === 'second' ? { stopReason: 'cancelled' } : { finalAnswer: `Answer to ${question}` },
    );
    expect(histories[2]).toHaveLength(2);
    expect(stderr).toContain('No answer (cancelled); the conversation stays as it was.');
  });

  it('reports the team, the questions and the spend on /status', async () => {
    const { stderr } = await session(['first', '/status']);
    expect(stderr).toContain('Team: 2 agents: alpha (model-a), beta (model-b)');
    expect(stderr).toContain('Questions asked: 1 · in the conversation: 1');
    expect(stderr).toContain('Last run: run-1 (consensus, record .massgen/runs/run-1)');
    expect(stderr).toContain('Spent this session: 15 tokens, $0.0010');
  });

  it('lists the commands on /help and names an unknown one', async () => {
    const { stderr, histories } = await session(['/help', '/frobnicate', '', '//etc is a folder?']);
    expect(stderr).toContain('/reset   forget the conversation');
    expect(stderr).toContain('Unknown command /frobnicate; /help lists the commands.');
    expect(histories).toHaveLength(1);
  });

  it('ends on Ctrl-D and on Ctrl-C at an empty prompt', async () => {
    expect((await session([{ kind: 'end' }, 'never asked'])).histories).toHaveLength(0);
    const interrupted = await session([{ kind: 'interrupt' }, 'never asked']);
    expect(interrupted.code).toBe(ExitCode.success);
    expect(interrupted.histories).toHaveLength(0);
  });

  it('attaches files to the next question only, lists them, and reports one that cannot be read', async () => {
    const { attached, stderr } = await session([
      '/attach a.png',
      '/attach missing.png',
      '/attach',
      '/attach b.png',
      'What differs?',
      'And now?',
    ]);
    expect(stderr).toContain('Attached a.png (image/png) to the next question.');
    expect(stderr).toContain('Cannot read the attachment missing.png: no such file.');
    expect(stderr).toContain('For the next question: a.png (image/png).');
    expect(attached.map((parts) => parts.map((part) => part.filename))).toEqual([['a.png', 'b.png'], []]);
  });

  it('sends the command line attachments with the first question, and drops staged ones on /detach', async () => {
    const image: MediaPart = {
      type: 'image',
      mediaType: 'image/png',
      filename: 'cli.png',
      data: { type: 'bytes', bytes: new Uint8Array(1) },
    };
    const { attached, stderr } = await session(['first', '/attach c.png', '/detach', 'second'], undefined, [image]);
    expect(attached).toEqual([[image], []]);
    expect(stderr).toContain('The next question goes without attachments.');
  });
});
