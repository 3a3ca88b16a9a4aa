import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { mountLiveDisplay } from './live-display-mount.js';
import { stampEvents, threeAgentRun } from '@massgen/run-state/testing';

// Colour support is decided when ink loads; force it so the NO_COLOR test has colour to remove.
vi.hoisted(() => {
  process.env['FORCE_COLOR'] = '1';
});

/** A terminal stand-in that keeps everything written to it. */
class FakeTerminal extends EventEmitter {
  readonly columns = 90;
  readonly rows = 30;
  readonly isTTY = true;
  output = '';
  write = (chunk: string): boolean => {
    this.output += chunk;
    return true;
  };
}

class FakeInput extends EventEmitter {
  constructor(readonly isTTY: boolean) {
    super();
  }
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read(): null {
    return null;
  }
}

function runTo(env: Record<string, string>, stdinIsTTY = true) {
  const stdout = new FakeTerminal();
  const display = mountLiveDisplay({
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new FakeTerminal() as unknown as NodeJS.WriteStream,
    stdin: new FakeInput(stdinIsTTY) as unknown as NodeJS.ReadStream,
    env,
    onAnswerNow: () => {},
    onCancel: () => {},
  });
  for (const event of stampEvents([
    ...threeAgentRun(),
    { type: 'final', agentId: 'alpha', label: 'A1.1.final', content: 'The answer is 4.' },
    { type: 'run-end', stopReason: 'consensus', winnerAgentId: 'alpha', finalAnswer: 'The answer is 4.' },
  ])) {
    display.onEvent(event);
  }
  return { display, stdout };
}

// eslint-disable-next-line no-control-regex -- matching the terminal colour escapes
const colourCode = /\u001b\[(3[0-7]|9[0-7])m/;

describe('mountLiveDisplay', () => {
  it('leaves the final frame on the terminal when closed', async () => {
    const { display, stdout } = runTo({});
    await display.close();
    await display.close();
    expect(stdout.output).toContain('finished: consensus');
    expect(stdout.output).toContain('Final answer by alpha');
    expect(stdout.output).toContain('The answer is 4.');
    expect(stdout.output).toMatch(colourCode);
  });

  it('draws without colour under NO_COLOR', async () => {
    const { display, stdout } = runTo({ NO_COLOR: '1' });
    await display.close();
    expect(stdout.output).toContain('Final answer by alpha');
    expect(stdout.output).not.toMatch(colourCode);
  });

  it('says keys are unavailable when input is not a terminal', async () => {
    const stdout = new FakeTerminal();
    const display = mountLiveDisplay({
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeInput(false) as unknown as NodeJS.ReadStream,
      env: {},
      onAnswerNow: () => {},
      onCancel: () => {},
    });
    display.onEvent(stampEvents(threeAgentRun())[0]!);
    await display.close();
    expect(stdout.output).toContain('keys unavailable: input is not a terminal');
  });
});
