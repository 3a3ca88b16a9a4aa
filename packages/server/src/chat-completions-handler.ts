import type { IncomingMessage, ServerResponse } from 'node:http';
import { HumanInbox } from '@massgen/runtime';
import type { RetryPolicy, RunOptions, RunResult } from '@massgen/runtime';
import { toMassGenError } from '@massgen/core';
import type { Backend } from '@massgen/core';
import type { BackendCache } from './backend-cache.js';
import { checkClientTools } from './client-tools.js';
import { completeOnce } from './complete-once.js';
import type { ConcurrencyGate } from './concurrency-gate.js';
import type { LiveCompletions } from './live-completions.js';
import { toConversation } from './conversation.js';
import type { ModelRegistry } from './model-registry.js';
import type { ApiError } from './openai-errors.js';
import { badRequest, runSetupError, sendApiError } from './openai-errors.js';
import { readJsonBody } from './read-json-body.js';
import { parseChatRequest } from './request-schema.js';
import { requestedSession, sessionHeader } from './served-sessions.js';
import type { ServedSessions } from './served-sessions.js';
import type { ChatRequestSchema } from './request-schema.js';
import type { ServerLimits } from './server-limits.js';
import { streamCompletion } from './stream-completion.js';

/** How the server runs teams; fixed by the operator, never by a request. */
export interface ServerRunOptions {
  /** Working directory of runs: plugins and `.massgen/` are found from here. */
  cwd?: string;
  pluginSearchPaths?: string[];
  pluginConditions?: string[];
  /** Where run records go; `false` writes none. Defaults to `<cwd>/.massgen/runs`. */
  record?: false | { root: string };
  /**
   * Serve single-agent configurations without coordination: each request costs the agent's one
   * model call, streamed as the answer. Teams of several agents coordinate as usual.
   */
  passthrough?: boolean;
  retryPolicy?: Partial<RetryPolicy>;
  /** Tokens of a session's earlier turns a request carries at most (see `sessionHistory`). */
  historyTokens?: number;
}

export interface ChatCompletionsContext {
  models: ModelRegistry;
  backends: BackendCache;
  schema: ChatRequestSchema;
  limits: ServerLimits;
  gate: ConcurrencyGate;
  runOptions: ServerRunOptions;
  /** The running completions, so a person can message their agents (`/v1/chat/completions/{id}/messages`). */
  completions: LiveCompletions;
  /** Where named sessions are kept; none when runs are not recorded. */
  sessions?: ServedSessions;
  /** Registers a run's canceller so that closing the server stops it; returns the unregister function. */
  trackRun: (controller: AbortController) => () => void;
  log: (message: string) => void;
}

/**
 * `POST /v1/chat/completions`: the last user message is the task, the messages before it the
 * history, and the model id picks one of the operator's configurations.
 */
export async function handleChatCompletions(
  request: IncomingMessage,
  response: ServerResponse,
  context: ChatCompletionsContext,
): Promise<void> {
  const body = await readJsonBody(request, context.limits.maxBodyBytes);
  if (!body.ok) return sendApiError(response, body.error);
  const parsed = parseChatRequest(context.schema, body.body);
  if (!parsed.ok) return sendApiError(response, parsed.error);
  const chat = parsed.request;
  const model = context.models.resolve(chat.model);
  if (model === undefined) return sendApiError(response, modelNotFound(chat.model, context.models));
  const toolError = checkClientTools(chat.tools);
  if (toolError !== undefined) return sendApiError(response, toolError);
  const conversation = await toConversation(chat.messages, context.limits);
  if (!conversation.ok) return sendApiError(response, conversation.error);
  const requested = requestedSession(request.headers, chat);
  if (!requested.ok) return sendApiError(response, requested.error);
  if (requested.id !== undefined && context.sessions === undefined) {
    return sendApiError(
      response,
      badRequest(
        `This server keeps no sessions (it records no runs), so the session named in ${requested.param} cannot be continued.`,
        'unsupported_parameter',
        null,
      ),
    );
  }
  let backends: Record<string, Backend>;
  try {
    backends = await context.backends.get(model);
  } catch (error) {
    const failure = toMassGenError(error);
    context.log(failure.message);
    return sendApiError(response, runSetupError(model.id, failure.code));
  }
  if (!context.gate.tryAcquire()) return sendApiError(response, tooManyRuns(context.limits.maxConcurrentRuns));

  const controller = new AbortController();
  const untrack = context.trackRun(controller);
  // `close` after a complete response is harmless; before it, the client has gone and its agents must stop.
  const onClose = (): void => {
    if (!response.writableFinished) controller.abort();
  };
  response.once('close', onClose);
  const { passthrough, historyTokens: _budget, ...shared } = context.runOptions;
  const sessions = context.sessions;
  const session = requested.id === undefined ? undefined : sessions?.open(requested.id);
  if (session !== undefined) response.setHeader(sessionHeader, session.id);
  const inbox = new HumanInbox();
  let forgetCompletion = (): void => {};
  const sessionListener =
    session === undefined || sessions === undefined ? undefined : sessions.listener(session, conversation.task);
  const runOptions: RunOptions = {
    ...shared,
    // The operator saw the configuration's warnings at start; they name files on the server, so
    // runs do not repeat them to clients.
    configWarningsShown: true,
    history:
      session === undefined || sessions === undefined
        ? conversation.history
        : sessions.history(session, conversation.history),
    humanMessages: inbox,
    onEvent: (event) => {
      // Messages can reach the run once its id, which names the completion, is known.
      if (event.type === 'run-start')
        forgetCompletion = context.completions.add(`chatcmpl-${event.runId}`, {
          inbox,
          agentIds: event.agents.map((agent) => agent.id),
        });
      sessionListener?.(event);
    },
    ...(conversation.attachments.length === 0 ? {} : { attachments: conversation.attachments }),
    backends,
    signal: controller.signal,
    passthrough: passthrough === true && model.config.agents.length === 1,
  };
  const identity = { id: 'chatcmpl-pending', created: Math.floor(Date.now() / 1000), model: model.id };
  const onResult = (result: RunResult): void => {
    if (session !== undefined) sessions?.finish(session, result);
  };
  try {
    if (chat.stream === true) {
      await streamCompletion({
        config: model.config,
        task: conversation.task,
        runOptions,
        response,
        identity,
        includeUsage: chat.stream_options?.include_usage === true,
        heartbeatMs: context.limits.heartbeatMs,
        log: context.log,
        onResult,
      });
    } else {
      await completeOnce({
        config: model.config,
        task: conversation.task,
        runOptions,
        response,
        identity,
        log: context.log,
        onResult,
      });
    }
  } finally {
    forgetCompletion();
    inbox.close();
    response.off('close', onClose);
    untrack();
    context.gate.release();
  }
}

function modelNotFound(model: string, models: ModelRegistry): ApiError {
  const available = models
    .list()
    .map((served) => `"${served.id}"`)
    .join(', ');
  return {
    status: 404,
    type: 'invalid_request_error',
    message: `The model "${model}" does not exist on this server. Available: ${available}.`,
    param: 'model',
    code: 'model_not_found',
  };
}

function tooManyRuns(limit: number): ApiError {
  return {
    status: 429,
    type: 'rate_limit_error',
    message: `The server is already running ${limit} requests, its limit; retry shortly.`,
    param: null,
    code: 'too_many_concurrent_requests',
    headers: { 'retry-after': '1' },
  };
}
