import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FromDisplayWorker } from './worker-protocol.js';
import { WorkerTerminalInput, WorkerTerminalOutput } from './worker-terminal.js';

/** An 80×24 stdout whose messages to the coordinating thread collect in `posted`. */
function postingOutput(fd: number | undefined) {
  const posted: FromDisplayWorker[] = [];
  const output = new WorkerTerminalOutput((message) => posted.push(message), 'stdout', { columns: 80, rows: 24 }, fd);
  return { posted, output };
}

describe('WorkerTerminalOutput', () => {
  it('hands writes to the coordinating thread when it has no file descriptor', () => {
    const { posted, output } = postingOutput(undefined);
    output.write('frame one');
    output.write(new TextEncoder().encode('frame two'));
    expect(posted).toEqual([
      { type: 'stdout', data: 'frame one' },
      { type: 'stdout', data: 'frame two' },
    ]);
  });

  it('writes to its file descriptor itself when it has one', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'massgen-worker-terminal-'));
    const file = path.join(directory, 'terminal');
    const fd = openSync(file, 'w');
    try {
      const { posted, output } = postingOutput(fd);
      output.write('héllo ');
      output.write('wörld');
      expect(posted).toEqual([]);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('héllo wörld');
    rmSync(directory, { recursive: true, force: true });
  });

  it('takes a new size and tells ink', () => {
    const output = new WorkerTerminalOutput(() => {}, 'stdout', { columns: 80, rows: 24 }, undefined);
    let resized = 0;
    output.on('resize', () => (resized += 1));
    output.resize({ columns: 120, rows: 40 });
    expect([output.columns, output.rows, resized]).toEqual([120, 40, 1]);
  });
});

describe('WorkerTerminalInput', () => {
  it('passes typed keys to ink and asks the coordinating thread for raw mode', () => {
    const posted: FromDisplayWorker[] = [];
    const input = new WorkerTerminalInput((message) => posted.push(message), true);
    const read: Array<string | null> = [];
    input.on('readable', () => read.push(input.read()));
    input.receive('a');
    input.receive('\u0003');
    expect(read).toEqual(['a', '\u0003']);
    expect(input.read()).toBeNull();
    input.setRawMode(true);
    input.setRawMode(false);
    expect(posted).toEqual([
      { type: 'raw-mode', enabled: true },
      { type: 'raw-mode', enabled: false },
    ]);
  });
});
