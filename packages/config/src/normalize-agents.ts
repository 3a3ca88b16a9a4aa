import type { AgentConfig } from './config-model.js';
import type { ParsedAgent, ParsedConfig } from './config-schema.js';
import { dropUndefined } from './drop-undefined.js';
import type { PathWarning } from './findings.js';
import type { KeySegment } from './key-path.js';
import { normalizeBackend } from './normalize-backend.js';

/** Agents in file order, from either `agent:` or `agents:`, each with its key path. */
function agentEntries(config: ParsedConfig): Array<{ agent: ParsedAgent; segments: KeySegment[] }> {
  if (config.agent !== undefined) return [{ agent: config.agent, segments: ['agent'] }];
  return (config.agents ?? []).map((agent, index) => ({ agent, segments: ['agents', index] }));
}

/** Agents in the model's form. */
export function normalizeAgents(config: ParsedConfig, context: { warnings: PathWarning[] }): AgentConfig[] {
  return agentEntries(config).map(({ agent, segments }) =>
    dropUndefined({
      id: agent.id,
      systemMessage: agent.system_message ?? undefined,
      backend: normalizeBackend(agent.backend, {
        segments: [...segments, 'backend'],
        warnings: context.warnings,
      }),
    }),
  );
}
