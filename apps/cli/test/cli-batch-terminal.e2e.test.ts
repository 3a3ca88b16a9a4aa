import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { readResults, sumAnswer, writeConfigurations, writeQuestions } from './batch-fixtures.js';
import { TmuxTerminal, tmuxAvailable } from './tmux-terminal.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

let terminal: TmuxTerminal | undefined;

const setup = useFakeServerDirectory('cli-batch-terminal', {
  server: () => ({
    apiKey: 'test-key',
    responder: createTeamResponder({ answer: sumAnswer, finalText: sumAnswer, latencyMs: 300 }),
  }),
});

afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

describe.skipIf(!tmuxAvailable)('massgen batch in a real terminal (needs tmux)', () => {
  it('redraws one progress line (done, failed, running, cost, time left), then prints the summary', async () => {
    const questions = writeQuestions(setup.directory, 6);
    const { single } = writeConfigurations(setup.directory, setup.server.url);
    const out = path.join(setup.directory, 'results.jsonl');
    terminal = TmuxTerminal.start({
      args: ['batch', questions, '-c', single, '-o', out, '--concurrency', '2', '--scorer', 'numeric', '--no-record'],
      cwd: setup.directory,
      columns: 100,
      rows: 20,
    });
    const live = await terminal.waitForScreen(
      (screen) => /[1-5]\/6 done · 0 failed · [12] running · \$0\.0000 · ETA \d+s/.test(screen),
      'the progress line part way',
    );
    expect(live).toMatch(/^[█░]+ [1-5]\/6 done/m);
    // One line redrawn in place, not a line per result.
    expect(live.match(/done ·/g)).toHaveLength(1);

    expect(await terminal.waitForExit()).toBe(0);
    const history = terminal.history();
    expect(history).toMatch(/^█+ 6\/6 done · 0 failed · 0 running/m);
    expect(history).toContain('single: 6 results, 0 failed, accuracy 50.0%');
    expect(readResults(out)).toHaveLength(6);
  });
});
