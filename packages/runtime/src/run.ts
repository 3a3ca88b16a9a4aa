import path from 'node:path';
import { MassGenError, redactDeep, redactError, runStartEvent, toMassGenError } from '@massgen/core';
import type {
  AgentHandle,
  Backend,
  MediaPart,
  AskHuman,
  CoordinationEvent,
  HumanMessages,
  Message,
  RunEvent,
  SerializedError,
  StopReason,
  Strategy,
  StrategySettings,
  Warning,
} from '@massgen/core';
import { collectSecrets, loadConfig } from '@massgen/config';
import type { MassGenConfig, ModelPrice } from '@massgen/config';
import { recordedVote, type RecordedVote } from '@massgen/run-state';
import { abortableSleep } from './abortable-sleep.js';
import { createAgentHandle } from './agent-handle.js';
import { createConfiguredBackend } from './configured-backend.js';
import { withoutExcludedTools } from './excluded-tools.js';
import { createPassthroughStrategy } from './passthrough-strategy.js';
import { checkStrategySettings } from './strategy-settings.js';
import { PluginLoader } from './plugin-loader.js';
import { assertPreflight, preflightRun } from './preflight.js';
import { estimateCost, estimateToolUseCost, listPriceFor } from './price-table.js';
import { withWinnerSources } from './winner-sources.js';
import { defaultRetryPolicy } from './retry-policy.js';
import type { RetryPolicy } from './retry-policy.js';
import { requestGateFor } from './request-gate.js';
import type { RequestGate } from './request-gate.js';
import { createToolModels } from './tool-models.js';
import { ToolSources } from './tool-sources.js';
import { RunRecord, createRunId } from './run-record.js';
import { assertResumable, resumedWarning } from './resume-checks.js';
import type { ResumableRun } from './resumable-run.js';
import { UsageLedger } from './usage-ledger.js';
import type { AgentUsage } from './usage-ledger.js';

export interface RunOptions {
  /** Cancels the run; it ends with `cancelled` and the record keeps everything so far. */
  signal?: AbortSignal;
  /** Stops coordination early and has the current leader present. */
  answerNow?: AbortSignal;
  /** Receives every event as it happens. */
  onEvent?: (event: RunEvent) => void;
  /** Earlier turns of an interactive session. */
  history?: Message[];
  /**
   * Images, files and recordings attached to the question (see `loadAttachments`): every agent's
   * prompt carries them after its text, and the run record keeps a copy of their bytes.
   */
  attachments?: readonly MediaPart[];
  /** The user's working directory: plugins and `.massgen/` are found from here. */
  cwd?: string;
  /** Further directories to resolve plugin packages from (the CLI adds its own). */
  pluginSearchPaths?: string[];
  /** Extra package export conditions for plugin resolution. */
  pluginConditions?: string[];
  /** Where to write the run record; `false` writes none. Defaults to `<cwd>/.massgen/runs`. */
  record?: false | { root: string };
  retryPolicy?: Partial<RetryPolicy>;
  /** Backend instances to use for some agents, by agent id, instead of loading them by type. */
  backends?: Record<string, Backend>;
  /**
   * Wraps each agent's backend before the run uses it (a batch puts its per-provider
   * concurrency and rate limits around every model call this way).
   */
  wrapBackend?: (backend: Backend, agentId: string) => Backend;
  /** Waits between retries; injectable for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Skip coordination for a single-agent team: its one model call answers the question and
   * streams as the final answer (strategy `passthrough`). Rejects teams of several agents. A
   * team of one runs this way anyway unless `orchestrator.coordinate_single_agent` is set.
   */
  passthrough?: boolean;
  /**
   * Goes on with a stopped run from its record (see `readResumableRun`) instead of starting a
   * new one: same run id and record, its answers and valid votes kept, its spending counted
   * toward the budgets. The question must be the run's task and the team the one it started with.
   */
  resume?: ResumableRun;
  /**
   * Messages from the person watching the run to its agents (see `HumanInbox`). A strategy that
   * takes them (`Strategy.takesMessages`, the vote) delivers each at the addressed agents' next
   * turn; with any other, each message is a warning that says it reached nobody.
   */
  humanMessages?: HumanMessages;
  /**
   * Puts an agent's question to the person watching the run (`coordination.human_input`, the
   * `ask_human` tool). Without it, agents that ask are told at once that nobody can reply.
   */
  askHuman?: AskHuman;
  /**
   * The caller has already shown the configuration's warnings (`config.warnings`), as the CLI does
   * when it loads the file: the run does not report them again. They still keep the backends from
   * warning a second time about a key they name.
   */
  configWarningsShown?: boolean;
}

export interface RunResult {
  runId: string;
  stopReason: StopReason;
  finalAnswer?: string;
  winnerAgentId?: string;
  answers: Array<{ label: string; agentId: string; content: string; round: number }>;
  /** Every vote cast; `stale` ones were made out of date by a later answer and do not count. */
  votes: RecordedVote[];
  usage: AgentUsage[];
  recordDirectory?: string;
  error?: SerializedError;
  warnings: Warning[];
  durationMs: number;
}

/**
 * Runs one coordination of the configured team on a question, and resolves when it has
 * ended for any reason. Configuration and installation problems reject before any agent
 * starts; everything that happens once agents run is reported through events and the result.
 */
export async function run(
  configOrFile: MassGenConfig | string,
  question: string,
  options: RunOptions = {},
): Promise<RunResult> {
  const cwd = options.cwd ?? process.cwd();
  const config = typeof configOrFile === 'string' ? await loadConfig(configOrFile, { cwd }) : configOrFile;
  const loader = new PluginLoader({
    searchPaths: [cwd, ...(options.pluginSearchPaths ?? [])],
    conditions: options.pluginConditions ?? [],
  });
  const secrets = collectSecrets(config);
  // Every problem that stops the run is found before anything starts, as --validate finds it.
  assertPreflight(
    config,
    await preflightRun(config, loader, {
      ...(options.backends === undefined ? {} : { backends: options.backends }),
      loadsStrategy: options.passthrough !== true,
    }),
  );
  // Events the runtime adds to the strategy's: warnings, and what tools' own model calls spent.
  const pendingEvents: CoordinationEvent[] =
    options.configWarningsShown === true ? [] : config.warnings.map((warning) => ({ type: 'warning', warning }));
  const warn = (warning: Warning): void => {
    pendingEvents.push({ type: 'warning', warning });
  };
  const { strategy, strategySettings } =
    options.passthrough === true || answersDirectly(config)
      ? { strategy: createPassthroughStrategy(config.agents.length), strategySettings: undefined }
      : await loadStrategy(loader, config, warn);
  const resume = options.resume;
  if (resume !== undefined) assertResumable(resume, config, strategy, options.record);
  const startedAt = resume?.startedAt ?? Date.now();
  const runId = resume?.runId ?? createRunId(startedAt);
  const neverAborted = new AbortController().signal;
  const gate = requestGateFor(config);
  // Tools and the strategy (a summary of a long answer) call models through one counter, and
  // through the request limits of the provider each call goes to and of the run.
  const models = createToolModels(loader, config, {
    warn,
    gate,
    spent: (agentId, usage, modelId) => pendingEvents.push({ type: 'usage', agentId, usage, modelId }),
    ...(options.backends === undefined ? {} : { backends: options.backends }),
  });
  const extensions = await ToolSources.open(loader, config, {
    runId,
    cwd,
    signal: options.signal ?? neverAborted,
    warn,
    models,
    ...(options.askHuman === undefined ? {} : { askHuman: options.askHuman }),
    publish: (event) => {
      pendingEvents.push(event);
    },
    ...(resume === undefined ? {} : { resumedEvents: resume.events }),
  });
  secrets.push(...extensions.secrets());
  let agents: AgentHandle[];
  let record: RunRecord | undefined;
  try {
    agents = await createAgents(loader, config, options, { extensions, gate, warn });
    record =
      options.record === false
        ? undefined
        : resume !== undefined
          ? new RunRecord(resume.directory, runId, startedAt, resume.events)
          : new RunRecord(
              path.join(options.record?.root ?? path.join(cwd, '.massgen', 'runs'), runId),
              runId,
              startedAt,
            );
    if (resume === undefined) record?.writeAttachments(options.attachments ?? []);
  } catch (error) {
    await extensions.close();
    throw redactError(error, secrets);
  }
  const ledger = new UsageLedger(agents.map((agent) => agent.id));
  const answers: RunResult['answers'] = [];
  const votes: RunResult['votes'] = [];
  const warnings: Warning[] = [];
  let seq = 0;
  let ended: Extract<CoordinationEvent, { type: 'run-end' }> | undefined;
  /** Adds an event to the run's tallies: spending, answers, votes, warnings, its end. */
  const tally = (event: CoordinationEvent): void => {
    if (event.type === 'usage') ledger.record(event.agentId, event.usage, event.costUsd);
    if (event.type === 'answer') {
      answers.push({ label: event.label, agentId: event.agentId, content: event.content, round: event.round });
      // A new answer makes every vote so far out of date.
      for (const vote of votes.filter((each) => !each.stale))
        Object.assign(vote, { stale: true, outdatedBy: event.label });
    }
    if (event.type === 'vote') votes.push(recordedVote(event, answers.at(-1)?.label));
    // A person's message makes the votes of the agents it is for out of date.
    if (event.type === 'human-message')
      for (const vote of votes.filter((each) => !each.stale && event.outdatedVotes?.includes(each.agentId) === true))
        Object.assign(vote, { stale: true });
    if (event.type === 'warning') warnings.push(event.warning);
    if (event.type === 'run-end') ended = event;
  };
  // A resumed run goes on counting: its spending, answers and votes so far, and its event numbers.
  for (const event of resume?.events ?? []) {
    tally(event);
    seq = event.seq + 1;
  }

  const prices = new Map(
    config.agents.map((agent, index) => {
      const modelId = agents[index]?.modelId ?? agent.backend.model;
      return [
        agent.id,
        { modelId, tokens: agent.backend.pricing ?? listPriceFor(modelId), toolUses: agent.backend.toolUsePrices },
      ];
    }),
  );
  // Synchronous unless an extension listens to events: a served stream publishes every token.
  const publish = (coordinationEvent: CoordinationEvent): Promise<void> | void => {
    const event = redactDeep(withCost(withWinnerSources(coordinationEvent, answers), prices), secrets);
    const stamped = { ...event, runId, seq, time: Date.now() };
    seq += 1;
    const listening = extensions.onEvent(stamped);
    if (listening === undefined) return apply(event, stamped);
    return listening.then(() => apply(event, stamped));
  };
  /** Adds a published event to the run's tallies, its record and its listener. */
  const apply = (event: CoordinationEvent, stamped: RunEvent): void => {
    tally(event);
    record?.write(stamped);
    options.onEvent?.(stamped);
  };

  const stopRefusingMessages = refuseMessages(strategy, options.humanMessages, warn);
  try {
    const events = strategy.run({
      runId,
      task: question,
      ...(options.attachments === undefined || options.attachments.length === 0
        ? {}
        : { attachments: options.attachments }),
      history: options.history ?? [],
      agents,
      settings: config.orchestrator,
      ...(strategySettings === undefined ? {} : { strategySettings }),
      signal: options.signal ?? neverAborted,
      answerNow: options.answerNow ?? neverAborted,
      spent: () => {
        const total = ledger.total();
        return { tokens: total.tokens, costUsd: total.costUsd };
      },
      ...(resume === undefined ? {} : { resume: resume.coordination }),
      models,
      ...(options.humanMessages === undefined || strategy.takesMessages !== true
        ? {}
        : { humanMessages: options.humanMessages }),
    });
    let started = resume !== undefined;
    for await (const event of events) {
      if (ended !== undefined) break;
      // What tools spent counts before the run's totals are given.
      if (event.type === 'run-end') for (const pending of pendingEvents.splice(0)) await publish(pending);
      // The record has the run's start already: a resumed run says where it went on instead.
      const publishing = publish(
        resume !== undefined && event.type === 'run-start'
          ? { type: 'warning', warning: resumedWarning(resume) }
          : event,
      );
      if (publishing !== undefined) await publishing;
      if (event.type === 'run-start') started = true;
      // Added events wait for run-start; one raised later (an MCP server that stopped) follows the next event.
      if (started && ended === undefined) {
        for (const pending of pendingEvents.splice(0)) await publish(pending);
      }
    }
  } catch (error) {
    if (seq === 0) await publish(runStartEvent(strategy.name, { task: question, agents }));
    await publish({ type: 'run-end', stopReason: 'error', error: toMassGenError(error).toJSON() });
  } finally {
    if (ended === undefined && seq > 0) {
      await publish({
        type: 'run-end',
        stopReason: options.signal?.aborted === true ? 'cancelled' : 'error',
        error: new MassGenError({
          code: 'INTERNAL',
          message: `Strategy "${strategy.name}" ended without a run-end event.`,
        }).toJSON(),
      });
    }
    stopRefusingMessages();
    record?.close();
    await gate.close();
    await extensions.close();
  }

  const end = ended ?? { type: 'run-end' as const, stopReason: 'error' as const };
  return {
    runId,
    stopReason: end.stopReason,
    ...(end.finalAnswer === undefined ? {} : { finalAnswer: end.finalAnswer }),
    ...(end.winnerAgentId === undefined ? {} : { winnerAgentId: end.winnerAgentId }),
    answers,
    votes,
    usage: ledger.byAgent(),
    ...(record === undefined ? {} : { recordDirectory: record.directory }),
    ...(end.error === undefined ? {} : { error: end.error }),
    warnings,
    durationMs: Date.now() - startedAt,
  };
}

/** Adds the estimated cost (tokens and the provider's own tools) to a usage event whose strategy did not price it. */
function withCost(
  event: CoordinationEvent,
  prices: ReadonlyMap<
    string,
    { modelId: string; tokens: ModelPrice | undefined; toolUses: Readonly<Record<string, number>> | undefined }
  >,
): CoordinationEvent {
  if (event.type !== 'usage' || event.costUsd !== undefined) return event;
  const agentPrice = prices.get(event.agentId);
  // A tool's call of another model is priced at that model's list price.
  const price =
    event.modelId === undefined || event.modelId === agentPrice?.modelId
      ? agentPrice
      : { modelId: event.modelId, tokens: listPriceFor(event.modelId), toolUses: undefined };
  if (price === undefined) return event;
  const toolUses = estimateToolUseCost(event.usage, price.modelId, price.toolUses);
  if (price.tokens === undefined && toolUses === 0) return event;
  return { ...event, costUsd: (price.tokens === undefined ? 0 : estimateCost(event.usage, price.tokens)) + toolUses };
}

/** With a strategy that does not take messages, each one is a warning that it reached no agent. */
function refuseMessages(
  strategy: Strategy,
  messages: HumanMessages | undefined,
  warn: (warning: Warning) => void,
): () => void {
  if (messages === undefined || strategy.takesMessages === true) return () => {};
  return messages.listen(() =>
    warn({
      code: 'message-not-delivered',
      message: `A message from the person was not delivered: this run's strategy (${strategy.name}) does not take messages while it runs.`,
    }),
  );
}

/** The configured system message, then what the tool packages tell the agent about their tools. */
function withInstructions(systemMessage: string | undefined, instructions: string | undefined): string | undefined {
  if (instructions === undefined) return systemMessage;
  return systemMessage === undefined || systemMessage.trim() === ''
    ? instructions
    : `${systemMessage}\n\n${instructions}`;
}

/**
 * A team of one answers in one model call: voting on its own answer and presenting it again
 * costs two more calls and adds nothing. `coordinate_single_agent` keeps the full coordination.
 */
function answersDirectly(config: MassGenConfig): boolean {
  return config.agents.length === 1 && config.strategy === 'vote' && config.orchestrator.coordinateSingleAgent !== true;
}

/** The configured strategy, with its keys as its schemas parsed them (preflight has already refused bad ones). */
async function loadStrategy(
  loader: PluginLoader,
  config: MassGenConfig,
  warn: (warning: Warning) => void,
): Promise<{ strategy: Strategy; strategySettings: StrategySettings | undefined }> {
  const { module } = await loader.loadStrategy(config.strategy);
  const checked = checkStrategySettings(config, config.strategy, module);
  checked.warnings.forEach(warn);
  return { strategy: module.createStrategy(), strategySettings: checked.settings };
}

async function createAgents(
  loader: PluginLoader,
  config: MassGenConfig,
  options: RunOptions,
  { extensions, gate, warn }: { extensions: ToolSources; gate: RequestGate; warn: (warning: Warning) => void },
): Promise<AgentHandle[]> {
  const retryPolicy = { ...defaultRetryPolicy, ...options.retryPolicy };
  const sleep = options.sleep ?? abortableSleep;
  return Promise.all(
    config.agents.map(async (agent, index) => {
      const backend =
        options.backends?.[agent.id] ??
        (await createConfiguredBackend(loader, config, index, warn, extensions.workspaceFor(agent.id)));
      const workspace = extensions.workspaceFor(agent.id)?.directory;
      return createAgentHandle({
        id: agent.id,
        backend: options.wrapBackend === undefined ? backend : options.wrapBackend(backend, agent.id),
        systemMessage: withInstructions(agent.systemMessage, extensions.instructionsFor(agent.id)),
        sampling: agent.backend.sampling,
        tools: withoutExcludedTools(extensions.toolsFor(agent.id), agent.backend.excludeTools, {
          agentId: agent.id,
          agentIndex: index,
          warn,
        }),
        retryPolicy,
        sleep,
        gate,
        ...(workspace === undefined ? {} : { workingDirectory: workspace }),
      });
    }),
  );
}
