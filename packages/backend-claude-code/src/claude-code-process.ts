import { spawn, type ChildProcess } from 'node:child_process';
import type { SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';

/** Enough of the CLI's stderr to explain a crash, without holding a flood of it. */
const stderrLimit = 4000;
/** How long a process that ignores SIGTERM gets before SIGKILL. */
const killGraceMs = 5000;

/**
 * Starts the Claude Code process for the SDK (its `spawnClaudeCodeProcess` option) and keeps hold
 * of it, so a turn can stop it at once and end only when it is gone: no Claude Code process
 * outlives the `stream()` call that finished with it, even one that was cancelled.
 */
export class ClaudeCodeProcess {
  private child: ChildProcess | undefined;
  private stderr = '';
  private exit: Promise<void> = Promise.resolve();

  /** The SDK's spawn hook. The SDK has already found the executable and built the arguments. */
  readonly spawn = (options: SpawnOptions): SpawnedProcess => {
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    this.exit = new Promise((resolve) => {
      // `close` comes after the exit and the last of stderr, which a crash message needs.
      child.once('close', () => resolve());
      // A process that never started emits `error`.
      child.once('error', () => resolve());
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-stderrLimit);
    });
    // The SDK aborts this signal after its own graceful close; by then the process should be gone.
    options.signal.addEventListener('abort', () => void this.stop(), { once: true });
    return child;
  };

  /** The end of what the process wrote to stderr, for crash messages. */
  stderrTail(): string {
    return this.stderr.trim();
  }

  /** Ends the process now (it has no state worth a graceful shutdown) and resolves once it has exited. */
  stop(): Promise<void> {
    const child = this.child;
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }, killGraceMs).unref();
    }
    return this.exit;
  }

  /** Resolves once the process has exited (at once if it never started). */
  exited(): Promise<void> {
    return this.exit;
  }
}
