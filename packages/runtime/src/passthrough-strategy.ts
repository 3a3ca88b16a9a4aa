import { MassGenError, runStartEvent, toMassGenError, turnPartEvent } from '@massgen/core';
import type {
  AgentHandle,
  CoordinationEvent,
  Message,
  SerializedError,
  Strategy,
  StrategyContext,
} from '@massgen/core';

/** The name passthrough runs carry in `run-start` and in their record. */
export const passthroughStrategyName = 'passthrough';

/**
 * The one agent answers the conversation directly, in one model call (plus its own tool calls
 * and retries), and its text streams as the final answer: no `new_answer`, no vote, no
 * presentation. This is what a single-agent team costs when it is served as a plain model.
 * Passthrough skips coordination, so with several agents it would silently drop all but one:
 * it refuses them instead.
 */
export function createPassthroughStrategy(agentCount: number): Strategy {
  if (agentCount !== 1) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Passthrough runs a single agent without coordination, but this configuration has ${agentCount} agents. Use a configuration with one agent, or run without passthrough.`,
    });
  }
  return { name: passthroughStrategyName, run: runPassthrough };
}

async function* runPassthrough(context: StrategyContext): AsyncGenerator<CoordinationEvent> {
  const [agent] = context.agents;
  yield runStartEvent(passthroughStrategyName, context);
  if (agent === undefined || context.agents.length !== 1) {
    yield {
      type: 'run-end',
      stopReason: 'error',
      error: new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Passthrough needs exactly one agent, got ${context.agents.length}.`,
      }).toJSON(),
    };
    return;
  }
  if (context.signal.aborted) {
    yield { type: 'run-end', stopReason: 'cancelled' };
    return;
  }
  const limit =
    context.settings.timeoutMs === undefined ? undefined : timeLimit(context.signal, context.settings.timeoutMs);
  const signal = limit?.signal ?? context.signal;
  let text = '';
  let failure: SerializedError | undefined;
  try {
    yield { type: 'round', round: 1 };
    yield { type: 'agent-start', agentId: agent.id, round: 1, attempt: 1, reason: 'initial' };
    for await (const part of agent.turn({ messages: conversation(agent, context), workflowTools: [] }, { signal })) {
      if (part.type === 'text-delta') text += part.text;
      if (part.type === 'error') failure ??= part.error;
      const event = turnPartEvent(agent.id, part, 'final-answer');
      if (event !== undefined) yield event;
    }
  } catch (error) {
    failure ??= toMassGenError(error).toJSON();
  } finally {
    limit?.clear();
  }
  yield* conclude(
    agent.id,
    text,
    failure,
    context.signal.aborted,
    limit?.timedOut() === true ? context.settings.timeoutMs : undefined,
  );
}

function conversation(agent: AgentHandle, context: StrategyContext): Message[] {
  const system: Message[] =
    agent.systemMessage === undefined || agent.systemMessage === ''
      ? []
      : [{ role: 'system', content: agent.systemMessage }];
  const attachments = context.attachments ?? [];
  const question =
    attachments.length === 0 ? context.task : [{ type: 'text' as const, text: context.task }, ...attachments];
  return [...system, ...context.history, { role: 'user', content: question }];
}

function* conclude(
  agentId: string,
  text: string,
  failure: SerializedError | undefined,
  cancelled: boolean,
  timedOutAfterMs: number | undefined,
): Generator<CoordinationEvent> {
  if (cancelled) {
    yield { type: 'run-end', stopReason: 'cancelled' };
    return;
  }
  if (timedOutAfterMs !== undefined) {
    const error = new MassGenError({
      code: 'TIMEOUT',
      message: `The agent did not finish its answer within the time limit of ${timedOutAfterMs} ms.`,
      agentId,
    }).toJSON();
    yield { type: 'agent-error', agentId, error, attempt: 1, willRetry: false };
    yield { type: 'run-end', stopReason: 'timeout', error };
    return;
  }
  const problem = failure ?? (text.trim() === '' ? emptyAnswer(agentId) : undefined);
  if (problem !== undefined) {
    const error: SerializedError = { ...problem, agentId };
    const reason =
      error.attempts === undefined
        ? `Agent "${agentId}" failed to answer`
        : `Agent "${agentId}" failed to answer after ${error.attempts} request attempt${error.attempts === 1 ? '' : 's'}`;
    yield { type: 'agent-killed', agentId, reason, error };
    yield { type: 'run-end', stopReason: 'all-agents-failed', error };
    return;
  }
  // The one answer is the final answer as it stands: recorded as an answer, never "presented".
  yield { type: 'answer', agentId, label: 'agent1.1', content: text, round: 1 };
  yield { type: 'final', agentId, label: 'agent1.1', content: text };
  yield { type: 'run-end', stopReason: 'completed', winnerAgentId: agentId, finalAnswer: text };
}

function emptyAnswer(agentId: string): SerializedError {
  return new MassGenError({
    code: 'WORKFLOW_VIOLATION',
    message: `Agent "${agentId}" returned an empty answer.`,
    agentId,
  }).toJSON();
}

/**
 * A signal that aborts with the run's, or when `timeoutMs` has passed. Built by hand because
 * `AbortSignal.any` costs about 10 µs in Node 20, a hundredth of what a served request may add.
 */
function timeLimit(
  run: AbortSignal,
  timeoutMs: number,
): { signal: AbortSignal; timedOut: () => boolean; clear: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onRunAbort = (): void => controller.abort(run.reason);
  run.addEventListener('abort', onRunAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      run.removeEventListener('abort', onRunAbort);
    },
  };
}
