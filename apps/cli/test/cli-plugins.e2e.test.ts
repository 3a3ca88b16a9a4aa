import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { TmuxTerminal, tmuxAvailable } from './tmux-terminal.js';

let directory: string;
let terminal: TmuxTerminal | undefined;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-plugins-'));
});

afterEach(() => {
  terminal?.close();
  terminal = undefined;
  rmSync(directory, { recursive: true, force: true });
});

describe('massgen plugins', () => {
  it('prints one row per plugin into a pipe, what it serves last and unpadded', async () => {
    const result = await runCli(['plugins'], { cwd: directory });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PACKAGE\s+VERSION\s+KIND\s+FROM\s+SERVES$/);
    // What a plugin serves ends its line, unpadded: a one-type plugin's row is not as wide as the longest list.
    expect(result.stdout).toMatch(/^@massgen\/strategy-vote\s+\S+\s+strategy\s+comes with massgen\s+vote$/m);
    const compatible = lines.find((line) => line.startsWith('@massgen/backend-openai-compatible'));
    expect(compatible).toMatch(
      /backend\s+comes with massgen\s+chatcompletion \(openai_compatible\), groq, .*qwen \(dashscope\)$/,
    );
  });

  describe.skipIf(!tmuxAvailable)('on a terminal (needs tmux: apt-get install -y tmux)', () => {
    it('wraps what a plugin serves under its own column, on a terminal', async () => {
      terminal = TmuxTerminal.start({ args: ['plugins'], cwd: directory, columns: 100, rows: 40 });
      expect(await terminal.waitForExit()).toBe(0);
      const lines = terminal.history().split('\n');
      const servesColumn = lines[0]?.indexOf('SERVES') ?? -1;
      expect(servesColumn).toBeGreaterThan(0);
      const compatible = lines.findIndex((line) => line.startsWith('@massgen/backend-openai-compatible'));
      expect(lines[compatible]).toMatch(/backend\s+chatcompletion\s+comes with massgen$/);
      const served = lines.slice(
        compatible + 1,
        lines.findIndex((line, index) => index > compatible && /^\S/.test(line)),
      );
      expect(served.length).toBeGreaterThan(1);
      for (const line of served) expect(line.slice(0, servesColumn).trim()).toBe('');
      expect(served.map((line) => line.trim()).join(' ')).toMatch(/\(openai_compatible\), groq, .*qwen \(dashscope\)$/);
    });
  });
});
