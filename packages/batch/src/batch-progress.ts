import type { BatchResult } from './batch-result.js';

export interface BatchProgressOptions {
  stream: NodeJS.WritableStream & { columns?: number };
  /** Redraw one status line in place (a terminal), or print a plain line per result. */
  terminal: boolean;
  total: number;
  /** Results the file already held. */
  alreadyDone: number;
  now?: () => number;
}

/**
 * Shows a batch's progress: done, failed, running, cost so far and the time left. On a
 * terminal it is one line redrawn in place (with failures printed above it); elsewhere each
 * result is a plain line, for logs and CI.
 */
export class BatchProgress {
  private done: number;
  private failed = 0;
  private running = 0;
  private costUsd = 0;
  private finishedHere = 0;
  private readonly startedAt: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private drawn = false;

  constructor(private readonly options: BatchProgressOptions) {
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
    this.done = options.alreadyDone;
    if (options.terminal) {
      // The time left ticks down between results too.
      this.timer = setInterval(() => this.draw(), 1000);
      this.timer.unref();
    }
  }

  started(): void {
    this.running += 1;
    this.draw();
  }

  /** A run ended without a result (cancelled). */
  abandoned(): void {
    this.running -= 1;
    this.draw();
  }

  finished(result: BatchResult): void {
    this.running -= 1;
    this.done += 1;
    this.finishedHere += 1;
    this.costUsd += result.costUsd;
    if (result.status === 'failed') this.failed += 1;
    if (this.options.terminal) {
      if (result.status === 'failed') this.print(describeResult(result));
      else this.draw();
    } else {
      this.options.stream.write(`[${this.done}/${this.options.total}] ${describeResult(result)}\n`);
    }
  }

  /** Prints a line (above the status line, on a terminal). */
  print(line: string): void {
    if (this.options.terminal && this.drawn) this.options.stream.write('\r\x1b[2K');
    this.options.stream.write(`${line}\n`);
    this.drawn = false;
    this.draw();
  }

  /** The status line's text. */
  statusLine(width = 100): string {
    const eta = this.remainingMs();
    const facts = [
      `${this.done}/${this.options.total} done`,
      `${this.failed} failed`,
      `${this.running} running`,
      formatDollars(this.costUsd),
      `ETA ${eta === undefined ? '--' : formatDuration(eta)}`,
    ].join(' · ');
    const barWidth = Math.max(0, Math.min(30, width - facts.length - 3));
    if (barWidth < 5) return facts.slice(0, width);
    const filled = this.options.total === 0 ? barWidth : Math.round((barWidth * this.done) / this.options.total);
    return `${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)} ${facts}`;
  }

  close(): void {
    clearInterval(this.timer);
    if (this.options.terminal && this.drawn) this.options.stream.write('\n');
    this.drawn = false;
  }

  private remainingMs(): number | undefined {
    if (this.finishedHere === 0) return undefined;
    const left = this.options.total - this.done;
    return ((this.now() - this.startedAt) / this.finishedHere) * left;
  }

  private draw(): void {
    if (!this.options.terminal) return;
    const width = Math.max(20, (this.options.stream.columns ?? 100) - 1);
    this.options.stream.write(`\r\x1b[2K${this.statusLine(width)}`);
    this.drawn = true;
  }
}

/** One result, in a line: its id, configuration, outcome, time, tokens and cost. */
export function describeResult(result: BatchResult): string {
  const head = `${result.id} × ${result.config}`;
  const figures = `${(result.durationMs / 1000).toFixed(1)}s, ${result.tokens.total.toLocaleString('en-US')} tokens, ${formatDollars(result.costUsd)}`;
  if (result.status === 'failed')
    return `${head}: failed (${result.stopReason}${result.error === undefined ? '' : `: ${result.error.message}`}) after ${figures}`;
  return `${head}: answered (${result.stopReason}${result.winner === undefined ? '' : `, ${result.winner} won`}) in ${figures}`;
}

function formatDollars(value: number): string {
  return `$${value.toFixed(value >= 100 ? 2 : 4)}`;
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
