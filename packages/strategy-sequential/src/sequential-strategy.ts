import { MassGenError, runStartEvent, toMassGenError } from '@massgen/core';
import type {
  AgentHandle,
  CoordinationEvent,
  ErrorCode,
  SerializedError,
  StopReason,
  Strategy,
  StrategyContext,
} from '@massgen/core';
import { buildStageMessages } from './pipeline-prompt.js';
import type { StageRecord } from './pipeline-prompt.js';
import { PipelineLimits } from './pipeline-limits.js';
import type { PipelineStop } from './pipeline-limits.js';
import { readSequentialSettings, votingSettingWarnings } from './sequential-settings.js';
import type { SequentialSettings } from './sequential-settings.js';
import { runStageAttempt } from './stage-attempt.js';

type RunEnd = Extract<CoordinationEvent, { type: 'run-end' }>;
type StageOutput = Extract<StageRecord, { kind: 'output' }>;

/**
 * The sequential workflow: agents run once each, in configuration order, each given the task
 * and everything the earlier stages produced; the last output is the final answer. A stage that
 * fails is reported and skipped, and the pipeline goes on with what exists.
 */
export function createSequentialStrategy(): Strategy {
  return { name: 'sequential', run: (context) => runPipeline(context) };
}

async function* runPipeline(context: StrategyContext): AsyncGenerator<CoordinationEvent> {
  yield runStartEvent('sequential', context);
  let end: RunEnd;
  try {
    const settings = readSequentialSettings(context.settings);
    if (context.agents.length === 0) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: 'The sequential workflow needs at least one agent; the run was given none.',
      });
    }
    for (const warning of votingSettingWarnings(context.settings)) yield { type: 'warning', warning };
    const limits = new PipelineLimits(context, settings);
    try {
      end = yield* runStages(context, settings, limits);
    } finally {
      limits.dispose();
    }
  } catch (error) {
    // The contract promises a run-end whatever happens, so a bug becomes an `error` ending.
    end = { type: 'run-end', stopReason: 'error', error: toMassGenError(error).toJSON() };
  }
  yield end;
}

async function* runStages(
  context: StrategyContext,
  settings: SequentialSettings,
  limits: PipelineLimits,
): AsyncGenerator<CoordinationEvent, RunEnd> {
  const records: StageRecord[] = [];
  for (const [index, handle] of context.agents.entries()) {
    const stage = index + 1;
    limits.checkBudget();
    if (limits.stopReason !== undefined) return yield* conclude(limits.stopReason, records, context);
    yield { type: 'round', round: stage };
    const record = yield* runStage(context, settings, limits, handle, stage, records);
    if (record === undefined) return yield* conclude(limits.stopReason ?? 'cancelled', records, context);
    records.push(record);
  }
  return yield* conclude('completed', records, context);
}

/** Runs one stage to an output or a failure; `undefined` when a pipeline limit stopped it. */
async function* runStage(
  context: StrategyContext,
  settings: SequentialSettings,
  limits: PipelineLimits,
  handle: AgentHandle,
  stage: number,
  earlier: readonly StageRecord[],
): AsyncGenerator<CoordinationEvent, StageRecord | undefined> {
  let retryProblem: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    yield {
      type: 'agent-start',
      agentId: handle.id,
      round: stage,
      attempt,
      reason: attempt === 1 ? 'initial' : 'retry',
    };
    const messages = buildStageMessages({
      systemMessage: handle.systemMessage,
      task: context.task,
      ...(context.attachments === undefined ? {} : { attachments: context.attachments }),
      history: context.history,
      stage,
      stageCount: context.agents.length,
      earlier,
      ...(retryProblem === undefined ? {} : { retryProblem }),
    });
    const result = yield* runStageAttempt({
      handle,
      request: { messages, workflowTools: [], toolChoice: 'auto' },
      limits,
    });
    if (result.kind === 'stopped') return undefined;
    if (result.kind === 'output') {
      yield { type: 'answer', agentId: handle.id, label: stageLabel(stage), content: result.content, round: stage };
      return { kind: 'output', stage, agentId: handle.id, content: result.content };
    }
    // A failure the runtime already retried (`attempts`) is not repeated: retries live in one layer.
    const willRetry =
      result.error.retryable && result.error.attempts === undefined && attempt < settings.maxTurnAttempts;
    if (!willRetry) {
      const tries = result.error.attempts ?? attempt;
      const reason = `Agent "${handle.id}" (${handle.provider}/${handle.modelId}) failed stage ${stage} after ${tries} attempt${tries === 1 ? '' : 's'}`;
      yield { type: 'agent-killed', agentId: handle.id, reason, error: result.error };
      return { kind: 'failed', stage, agentId: handle.id, reason: result.error.message, code: result.error.code };
    }
    yield {
      type: 'agent-error',
      agentId: handle.id,
      error: result.error,
      attempt,
      willRetry,
      retry: { scope: 'turn', maxAttempts: settings.maxTurnAttempts },
    };
    retryProblem = result.error.message;
  }
}

/** Anonymous-style label of a stage's output, matching the vote strategy's `agentN.k`. */
function stageLabel(stage: number): string {
  return `agent${stage}.1`;
}

/** Ends the pipeline: the latest output, whoever wrote it, is the final answer as it stands. */
function* conclude(
  reason: StopReason | PipelineStop,
  records: readonly StageRecord[],
  context: StrategyContext,
): Generator<CoordinationEvent, RunEnd> {
  if (reason === 'cancelled') return { type: 'run-end', stopReason: 'cancelled' };
  const last = records.filter((record): record is StageOutput => record.kind === 'output').at(-1);
  if (last === undefined) {
    const stopReason = records.length === context.agents.length ? 'all-agents-failed' : reason;
    return { type: 'run-end', stopReason, error: noOutputError(stopReason, records) };
  }
  yield { type: 'final', agentId: last.agentId, label: stageLabel(last.stage), content: last.content };
  return { type: 'run-end', stopReason: reason, winnerAgentId: last.agentId, finalAnswer: last.content };
}

function noOutputError(reason: StopReason, records: readonly StageRecord[]): SerializedError {
  if (reason === 'all-agents-failed') {
    const failures = records.filter((record) => record.kind === 'failed');
    const details = failures.map((record) => `stage ${record.stage} (${record.agentId}): ${record.reason}`).join('; ');
    return new MassGenError({
      code: failures[0]?.code ?? 'INTERNAL',
      message: `Every stage of the pipeline failed, so there is no output. ${details}`,
    }).toJSON();
  }
  const code: ErrorCode = reason === 'timeout' ? 'TIMEOUT' : reason === 'budget' ? 'BUDGET_EXCEEDED' : 'ABORTED';
  return new MassGenError({
    code,
    message: `The pipeline stopped (${reason}) before any stage produced an output.`,
  }).toJSON();
}
