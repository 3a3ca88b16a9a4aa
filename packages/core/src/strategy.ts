import type { AgentHandle } from './agent.js';
import type { MediaPart } from './content-part.js';
import type { CoordinationEvent } from './coordination-event.js';
import type { HumanMessages } from './human-input.js';
import type { Message } from './message.js';
import type { OptionsSchema } from './options-schema.js';
import type { OrchestratorSettings } from './orchestrator-settings.js';
import type { ResumedCoordination } from './resumed-coordination.js';
import type { ToolModelChoice, ToolModels } from './tool-models.js';

/** Everything a strategy needs for one coordination. */
export interface StrategyContext {
  runId: string;
  /** The user's question for this coordination. */
  task: string;
  /**
   * Images, files and recordings attached to the question, loaded once (their data is bytes).
   * Every agent's prompt that carries the task carries them too, after its text; none is dropped.
   */
  attachments?: readonly MediaPart[];
  /** Earlier turns of an interactive session (user questions and final answers). */
  history: Message[];
  agents: AgentHandle[];
  settings: OrchestratorSettings;
  /**
   * The keys the strategy owns (`settings.strategyKeys`) as its schemas parsed them, when the
   * runtime has already checked them; a strategy given none parses `settings.strategyKeys` itself.
   */
  strategySettings?: StrategySettings;
  /** Cancels the run: the strategy stops every agent and ends with `cancelled`. */
  signal: AbortSignal;
  /** Stops coordination early: the current leader presents, and the run ends with `answer-now`. */
  answerNow: AbortSignal;
  /**
   * Tokens and cost spent so far across all agents, for budgets. Kept by the runtime from
   * the `usage` events the strategy has yielded.
   */
  spent(): { tokens: number; costUsd: number };
  /**
   * Set when the run goes on from its record after a cancellation, a timeout or a crash: the
   * strategy keeps these answers and votes (without yielding them again) and restarts the agents
   * on them. A strategy that cannot resume says so by leaving `Strategy.resumable` unset.
   */
  resume?: ResumedCoordination;
  /**
   * Messages from the person watching the run, to all agents or some. A strategy that takes
   * them says so with `Strategy.takesMessages`; it yields each as a `human-message` event.
   */
  humanMessages?: HumanMessages;
  /**
   * Models the strategy may call itself on an agent's behalf (the vote strategy's summary of a
   * long answer), as tool packages do: what each call spends is counted as that agent's, toward
   * the run's usage, cost and budgets. Absent when the strategy runs without the runtime.
   */
  models?: ToolModels;
}

/** A way of coordinating agents: the vote (default) or the sequential pipeline. */
export interface Strategy {
  readonly name: string;
  /** Whether `run` honours `StrategyContext.resume`; a run is only resumed by a strategy that does. */
  readonly resumable?: boolean;
  /** Whether `run` delivers `StrategyContext.humanMessages` to agents; the runtime warns about a message to one that does not. */
  readonly takesMessages?: boolean;
  /**
   * Runs one coordination. Yields `run-start` first and `run-end` last, once each, whatever
   * happens; agent failures become events, never exceptions.
   */
  run(context: StrategyContext): AsyncIterable<CoordinationEvent>;
}

/** A strategy's own keys after its schemas checked them: the run's, and each agent's that has some. */
export interface StrategySettings<RunSettings = unknown, AgentSettings = unknown> {
  run: RunSettings | undefined;
  /** By agent id. */
  agents: Readonly<Record<string, AgentSettings>>;
}

/** A finding about a strategy's keys, at the key it is about (`agentId` for an agent's own key). */
export interface StrategySettingFinding {
  key: string;
  agentId?: string;
  code: string;
  message: string;
}

/**
 * A model the settings choose for the strategy's own calls through `StrategyContext.models` (the
 * model of `answer_summary`), at its key path inside the strategy's run keys (`['answer_summary',
 * 'model']`): the keys inside the block (`type`, `timeout_seconds`) lie below it.
 */
export interface StrategyModelChoice {
  key: ReadonlyArray<string | number>;
  choice: ToolModelChoice;
}

/** The exports a strategy package must have to be loaded by name (`orchestrator.strategy`). */
export interface StrategyModule<RunSettings = unknown, AgentSettings = unknown> {
  specificationVersion: 'v1';
  createStrategy: () => Strategy;
  /**
   * Checks the `orchestrator` keys the strategy owns, snake_case as written; `--validate` and a
   * run report its issues at their key paths and lines. A key it does not read (an object schema
   * drops it) is warned about. Without a schema the keys reach the strategy unchecked.
   */
  settingsSchema?: OptionsSchema<RunSettings>;
  /** Checks the keys an agent writes for the strategy (`voting_sensitivity`). */
  agentSettingsSchema?: OptionsSchema<AgentSettings>;
  /** Warnings about valid settings that will not act as written (two keys that disagree), found before the run. */
  settingsWarnings?(settings: StrategySettings<RunSettings, AgentSettings>): StrategySettingFinding[];
  /**
   * The models the settings choose for the strategy's own calls, which the run opens for each
   * agent only when it first needs one. The checks before a run create each as the run would, for
   * every agent, so that a bad choice stops the run (and fails `--validate`) before it starts.
   */
  modelChoices?(settings: StrategySettings<RunSettings, AgentSettings>): StrategyModelChoice[];
}
