import { ConfigError, MassGenError } from '@massgen/core';
import type { Backend, ToolModelChoice, ToolModels, Usage, Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { createChosenBackend, resolveChoice } from './chosen-backend.js';
import type { PluginLoader } from './plugin-loader.js';
import { providerOf } from './request-gate.js';
import type { AgentProvider, GatePass, RequestGate } from './request-gate.js';

/**
 * The models a run's tool packages may call (see `ToolModels`). Each distinct choice creates its
 * backend once, from the installed backend packages, with its options checked by the package's
 * own schema; an agent's own backend, asked for as it is, is the one the run already made when the
 * caller handed the run its backends. What each call spends is reported as the agent's, so that
 * it counts toward the run's cost and budgets.
 */
export function createToolModels(
  loader: PluginLoader,
  config: MassGenConfig,
  run: {
    warn: (warning: Warning) => void;
    spent: (agentId: string, usage: Usage, modelId: string) => void;
    backends?: Record<string, Backend>;
    /** The request limits: each call waits for a slot of the provider it goes to, and of the run, like a turn. */
    gate?: RequestGate;
  },
): ToolModels {
  const opened = new Map<string, Promise<Backend>>();
  // One counting wrapper per backend and agent, so that asking twice gives the same backend.
  const counted = new WeakMap<Backend, Map<string, Backend>>();
  return {
    async open(agentId: string, choice: ToolModelChoice = {}): Promise<Backend> {
      const backend = await openBackend(agentId, choice);
      const byAgent = counted.get(backend) ?? new Map<string, Backend>();
      counted.set(backend, byAgent);
      let wrapped = byAgent.get(agentId);
      if (wrapped === undefined) {
        const gate = run.gate;
        const provider = providerFor(agentId, choice);
        wrapped = countedFor(backend, {
          spent: (usage, modelId) => run.spent(agentId, usage, modelId),
          ...(gate === undefined ? {} : { admit: (signal) => admit(gate, agentId, provider, signal, run.warn) }),
        });
        byAgent.set(agentId, wrapped);
      }
      return wrapped;
    },
  };

  /** The provider the choice calls, whose limit (and the run's) its calls wait for like the agents' turns. */
  function providerFor(agentId: string, choice: ToolModelChoice): AgentProvider | undefined {
    const agent = config.agents.find((candidate) => candidate.id === agentId);
    if (agent === undefined) return undefined;
    const { type, options } = resolveChoice(agent, choice);
    return providerOf(type, options);
  }

  function openBackend(agentId: string, choice: ToolModelChoice): Promise<Backend> {
    const agent = config.agents.find((candidate) => candidate.id === agentId);
    if (agent === undefined)
      return Promise.reject(new MassGenError({ code: 'INTERNAL', message: `No agent "${agentId}" in this run.` }));
    const own = choice.type === undefined || choice.type === agent.backend.type;
    const given = run.backends?.[agentId];
    if (own && choice.model === undefined && choice.options === undefined && given !== undefined)
      return Promise.resolve(given);
    const key = JSON.stringify([agentId, own ? '' : choice.type, choice.model ?? '', choice.options ?? {}]);
    let backend = opened.get(key);
    if (backend === undefined) {
      backend = createChosenBackend(loader, config, agent, choice, run.warn).catch((error: unknown) => {
        if (!(error instanceof ConfigError)) throw error;
        // Said as the tool's choice, not as the agent's own backend.
        const whose = `(in the ${own ? agent.backend.type : choice.type} model a tool of agent "${agentId}" asked for)`;
        throw new ConfigError({
          ...(config.file === undefined ? {} : { file: config.file }),
          issues: error.issues.map((issue) => ({ ...issue, message: `${issue.message} ${whose}` })),
        });
      });
      opened.set(key, backend);
      // A failed creation is not kept, so a later call reports the problem again rather than a stale promise.
      backend.catch(() => opened.delete(key));
    }
    return backend;
  }
}

/**
 * Waits for the agent's request slot. The gate's parts are for an agent's turn: here its notice
 * becomes the run's warning and the wait itself shows nowhere.
 */
async function admit(
  gate: RequestGate,
  agentId: string,
  provider: AgentProvider | undefined,
  signal: AbortSignal | undefined,
  warn: (warning: Warning) => void,
): Promise<GatePass> {
  const entering = gate.enter(agentId, signal, provider);
  for (;;) {
    const next = await entering.next();
    if (next.done === true) return next.value;
    if (next.value.type === 'warning') warn(next.value.warning);
  }
}

/** The backend, reporting the usage of each of its streamed calls, each admitted first if it must be. */
function countedFor(
  backend: Backend,
  calls: {
    spent: (usage: Usage, modelId: string) => void;
    admit?: (signal: AbortSignal | undefined) => Promise<GatePass>;
  },
): Backend {
  const generateImage = backend.generateImage?.bind(backend);
  const generateSpeech = backend.generateSpeech?.bind(backend);
  return {
    specificationVersion: backend.specificationVersion,
    provider: backend.provider,
    modelId: backend.modelId,
    async *stream(request, options) {
      const pass = await calls.admit?.(options?.signal);
      try {
        for await (const part of backend.stream(request, options)) {
          if (part.type === 'usage') calls.spent(part.usage, backend.modelId);
          yield part;
        }
      } finally {
        pass?.release();
      }
    },
    ...(generateImage === undefined ? {} : { generateImage }),
    ...(generateSpeech === undefined ? {} : { generateSpeech }),
  };
}
