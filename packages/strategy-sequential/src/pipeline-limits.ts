import type { StrategyContext } from '@massgen/core';
import type { SequentialSettings } from './sequential-settings.js';

/** Why the pipeline stopped before its last stage. */
export type PipelineStop = 'cancelled' | 'answer-now' | 'timeout' | 'budget';

/** One attempt at a stage: its cancellation and whether its own time limit ended it. */
export interface StageAttemptControl {
  readonly signal: AbortSignal;
  readonly timedOut: boolean;
  end(): void;
}

/**
 * Watches everything that can stop the pipeline from outside a stage (cancellation, an answer
 * requested now, the whole-run timer, the budget) and aborts the running attempt when one does.
 */
export class PipelineLimits {
  private stop: PipelineStop | undefined;
  private current: AbortController | undefined;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onCancel = (): void => this.halt('cancelled');
  private readonly onAnswerNow = (): void => this.halt('answer-now');

  constructor(
    private readonly context: Pick<StrategyContext, 'signal' | 'answerNow' | 'spent'>,
    private readonly settings: SequentialSettings,
  ) {
    // Cancellation wins over an answer requested at the same moment: it asked for nothing.
    if (context.signal.aborted) this.halt('cancelled');
    else context.signal.addEventListener('abort', this.onCancel, { once: true });
    if (context.answerNow.aborted) this.halt('answer-now');
    else context.answerNow.addEventListener('abort', this.onAnswerNow, { once: true });
    this.timer =
      settings.timeoutMs === undefined ? undefined : setTimeout(() => this.halt('timeout'), settings.timeoutMs);
  }

  get stageTimeoutMs(): number | undefined {
    return this.settings.stageTimeoutMs;
  }

  /** Why the pipeline must stop, once it must. */
  get stopReason(): PipelineStop | undefined {
    return this.stop;
  }

  /** Stops the pipeline (and the running attempt) once the spending reaches the budget. */
  checkBudget(): void {
    if (this.overBudget()) this.halt('budget');
  }

  beginAttempt(): StageAttemptControl {
    const controller = new AbortController();
    this.current = controller;
    if (this.stop !== undefined) controller.abort();
    let timedOut = false;
    const { stageTimeoutMs } = this.settings;
    const deadline =
      stageTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, stageTimeoutMs);
    return {
      signal: controller.signal,
      get timedOut() {
        return timedOut;
      },
      end: () => {
        clearTimeout(deadline);
        if (this.current === controller) this.current = undefined;
      },
    };
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.current?.abort();
    this.context.signal.removeEventListener('abort', this.onCancel);
    this.context.answerNow.removeEventListener('abort', this.onAnswerNow);
  }

  private overBudget(): boolean {
    const spent = this.context.spent();
    const { maxTokensTotal, maxCostUsd } = this.settings;
    return (
      (maxTokensTotal !== undefined && spent.tokens >= maxTokensTotal) ||
      (maxCostUsd !== undefined && spent.costUsd >= maxCostUsd)
    );
  }

  private halt(reason: PipelineStop): void {
    this.stop ??= reason;
    this.current?.abort();
  }
}
