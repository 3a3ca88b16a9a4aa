import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BatchResult } from './batch-result.js';
import { BatchProgress, formatDuration } from './batch-progress.js';

function capture(): { stream: PassThrough & { columns?: number }; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream, text: () => text };
}

function result(id: string, status: BatchResult['status'], costUsd = 0.01): BatchResult {
  return {
    id,
    config: 'team',
    status,
    question: 'q',
    ...(status === 'done' ? { answer: 'a', winner: 'alpha' } : { error: { code: 'BACKEND_AUTH', message: 'bad key' } }),
    stopReason: status === 'done' ? 'consensus' : 'all-agents-failed',
    tokens: { input: 1000, output: 234, total: 1234 },
    costUsd,
    durationMs: 12_300,
    finishedAt: new Date(0).toISOString(),
  };
}

describe('BatchProgress', () => {
  it('prints a plain line per result when not on a terminal', () => {
    const output = capture();
    const progress = new BatchProgress({ stream: output.stream, terminal: false, total: 4, alreadyDone: 1 });
    progress.started();
    progress.finished(result('q2', 'done'));
    progress.started();
    progress.finished(result('q3', 'failed'));
    progress.close();
    expect(output.text()).toBe(
      '[2/4] q2 × team: answered (consensus, alpha won) in 12.3s, 1,234 tokens, $0.0100\n' +
        '[3/4] q3 × team: failed (all-agents-failed: bad key) after 12.3s, 1,234 tokens, $0.0100\n',
    );
  });

  it('redraws one status line on a terminal: done, failed, running, cost and time left', () => {
    let now = 0;
    const output = capture();
    output.stream.columns = 120;
    const progress = new BatchProgress({
      stream: output.stream,
      terminal: true,
      total: 10,
      alreadyDone: 0,
      now: () => now,
    });
    progress.started();
    progress.started();
    now = 20_000;
    progress.finished(result('q1', 'done', 0.5));
    // One finished in 20 s: nine left take 180 s.
    expect(progress.statusLine(120)).toBe(
      '███░░░░░░░░░░░░░░░░░░░░░░░░░░░ 1/10 done · 0 failed · 1 running · $0.5000 · ETA 3m00s',
    );
    progress.finished(result('q2', 'failed'));
    progress.close();
    const text = output.text();
    expect(text.startsWith('\r\x1b[2K')).toBe(true);
    // A failure is printed above the status line, which is drawn again under it.
    expect(text).toContain('\r\x1b[2Kq2 × team: failed (all-agents-failed: bad key)');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('formats durations for people', () => {
    expect(formatDuration(4_400)).toBe('4s');
    expect(formatDuration(250_000)).toBe('4m10s');
    expect(formatDuration(7_500_000)).toBe('2h05m');
  });
});
