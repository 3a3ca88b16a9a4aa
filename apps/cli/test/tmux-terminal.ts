import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliBin } from './run-cli.js';

/** Whether tmux can be run here; the real-terminal tests skip without it. */
export const tmuxAvailable = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;

export interface TerminalOptions {
  /** Arguments for `massgen`. */
  args: string[];
  cwd: string;
  columns: number;
  rows: number;
  /** Extra environment for the CLI (the rest is a clean, non-CI terminal environment). */
  env?: Record<string, string>;
}

/**
 * The `massgen` binary running in a real pseudo-terminal, inside a private tmux server: the
 * test reads the screen as a user sees it and types keys into it. The pane stays after the
 * program exits, so its last screen can still be read.
 */
export class TmuxTerminal {
  private readonly socket: string;
  private readonly exitFile: string;
  private readonly size: { columns: number; rows: number };

  private constructor(socket: string, exitFile: string, size: { columns: number; rows: number }) {
    this.socket = socket;
    this.exitFile = exitFile;
    this.size = size;
  }

  static start(options: TerminalOptions): TmuxTerminal {
    const socket = path.join(options.cwd, 'tmux.sock');
    const configuration = path.join(options.cwd, 'tmux.conf');
    writeFileSync(
      configuration,
      'set-option -g remain-on-exit on\nset-option -g history-limit 10000\nset-option -g status off\n',
    );
    // A clean environment: no CI variables (ink would stop redrawing), a UTF-8 locale, a known TERM.
    const environment = [
      `PATH=${process.env['PATH'] ?? ''}`,
      `HOME=${process.env['HOME'] ?? options.cwd}`,
      'TERM=xterm-256color',
      'LANG=C.UTF-8',
      ...Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${value}`),
    ];
    // The shell writes the exit status down: tmux sometimes leaves a finished child unreaped
    // (a zombie) and then never reports the pane dead, so its own exit status cannot be relied on.
    const exitFile = path.join(options.cwd, 'exit-status');
    const command = [
      'env',
      '-i',
      ...environment,
      'sh',
      '-c',
      '"$@"; echo $? > exit-status',
      'sh',
      process.execPath,
      cliBin,
      ...options.args,
    ];
    execFileSync(
      'tmux',
      [
        '-u',
        '-S',
        socket,
        '-f',
        configuration,
        'new-session',
        '-d',
        '-s',
        'cli',
        '-x',
        String(options.columns),
        '-y',
        String(options.rows),
        '-c',
        options.cwd,
        ...command,
      ],
      { cwd: options.cwd, env: { ...process.env, LANG: 'C.UTF-8' } },
    );
    return new TmuxTerminal(socket, exitFile, { columns: options.columns, rows: options.rows });
  }

  /** The visible screen, one string per line, trailing spaces removed. */
  screen(): string {
    return this.tmux(['capture-pane', '-p', '-t', 'cli'])
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  }

  /** Everything the pane printed, scrolled-off lines included. */
  history(): string {
    return this.tmux(['capture-pane', '-p', '-S', '-', '-t', 'cli']);
  }

  /** The visible screen with its colour and style escapes. */
  styledScreen(): string {
    return this.tmux(['capture-pane', '-p', '-e', '-t', 'cli']);
  }

  /** Types keys: literal text, or tmux key names such as `Enter`, `Escape`, `C-c`. */
  sendKeys(...keys: string[]): void {
    this.tmux(['send-keys', '-t', 'cli', ...keys]);
  }

  /** Types text exactly as given, with no key-name interpretation. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', 'cli', '-l', text]);
  }

  /** Types a line exactly as given and presses Enter, as a user answering the prompt. */
  enterLine(text: string): void {
    this.type(text);
    this.sendKeys('Enter');
  }

  /**
   * Polls the screen until it satisfies `predicate` twice in a row, unchanged: a capture taken
   * while a frame is being drawn can mix the new frame's top with the old one's bottom.
   * Fails with the last screen after `timeoutMs`.
   */
  async waitForScreen(
    predicate: (screen: string) => boolean,
    description: string,
    timeoutMs = 20_000,
  ): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let previous: string | undefined;
    for (;;) {
      const screen = this.screen();
      if (predicate(screen) && screen === previous) return screen;
      previous = screen;
      if (Date.now() > deadline) throw new Error(`The terminal never showed ${description}. Last screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for the screen on which the winning agent presents the final answer, and returns it. */
  waitForPresenting(): Promise<string> {
    return this.waitForScreen((screen) => screen.includes('presents the final answer'), 'the winner presenting');
  }

  /** The lines of `screen` that do not fit this terminal: those past its last row, and those wider than it. */
  overflow(screen: string): string[] {
    const lines = screen.split('\n');
    return [...lines.slice(this.size.rows), ...lines.filter((line) => Array.from(line).length > this.size.columns)];
  }

  /** Waits for the program to exit and returns its exit status. */
  async waitForExit(timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const written = existsSync(this.exitFile) ? readFileSync(this.exitFile, 'utf8') : '';
      if (/^\d+\n$/.test(written)) return Number(written.trim());
      if (Date.now() > deadline) throw new Error(`The program did not exit. Last screen:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): void {
    spawnSync('tmux', ['-S', this.socket, 'kill-server'], { stdio: 'ignore' });
  }

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-S', this.socket, ...args], { encoding: 'utf8' });
  }
}
