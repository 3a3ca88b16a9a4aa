import type { AgentConfig } from './config-model.js';
import type { ParsedConfig } from './config-schema.js';
import { dropUndefined } from './drop-undefined.js';
import { normalizeBackend } from './normalize-backend.js';

/** Agents in the model's form, in file order, from either `agent:` or `agents:`. */
export function normalizeAgents(config: ParsedConfig): AgentConfig[] {
  const agents = config.agent !== undefined ? [config.agent] : (config.agents ?? []);
  return agents.map((agent) =>
    dropUndefined({
      id: agent.id,
      systemMessage: agent.system_message ?? undefined,
      backend: normalizeBackend(agent.backend),
    }),
  );
}
