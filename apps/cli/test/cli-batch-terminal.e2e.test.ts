import { afterEach, describe, expect, it } from 'vitest';
import { readResults, useSumServerDirectory, writeBatchFiles } from './batch-fixtures.js';
import { TmuxTerminal, tmuxAvailable } from './tmux-terminal.js';

let terminal: TmuxTerminal | undefined;

const setup = useSumServerDirectory('cli-batch-terminal', 300);

afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

describe.skipIf(!tmuxAvailable)('massgen batch in a real terminal (needs tmux)', () => {
  it('redraws one progress line (done, failed, running, cost, time left), then prints the summary', async () => {
    const { questions, single, out } = writeBatchFiles(setup, 6);
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
