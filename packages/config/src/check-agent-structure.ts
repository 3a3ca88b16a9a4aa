import { inferBackendType } from './backend-types.js';
import type { PathIssue } from './findings.js';
import { isMapping } from './is-mapping.js';
import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';

/**
 * The checks a per-field schema cannot make, run on the raw value so they are reported
 * together with every field error: exactly one of `agent`/`agents`, at least one agent,
 * unique ids, and a `backend.type` on every agent (suggesting one from the model).
 */
export function checkAgentStructure(root: Record<string, unknown>): PathIssue[] {
  const hasSingle = Object.hasOwn(root, 'agent');
  const hasList = Object.hasOwn(root, 'agents');
  if (!hasSingle && !hasList) {
    const found = Object.keys(root).map((key) => JSON.stringify(key));
    const foundText =
      found.length === 0 ? '' : ` (found ${found.slice(0, 5).join(', ')}${found.length > 5 ? ', …' : ''})`;
    return [
      {
        segments: [],
        message: `no agents${foundText}; expected "agents:" with a list of agents, or "agent:" with one agent`,
      },
    ];
  }
  if (hasSingle && hasList) {
    return [
      {
        segments: ['agent'],
        message:
          'both "agent" and "agents" are present; expected one of them: "agents" for a list, "agent" for a single agent',
      },
    ];
  }
  if (Array.isArray(root.agents) && root.agents.length === 0) {
    return [{ segments: ['agents'], message: 'the list is empty; expected at least one agent' }];
  }

  const entries: Array<{ agent: unknown; segments: KeySegment[] }> = hasSingle
    ? [{ agent: root.agent, segments: ['agent'] }]
    : Array.isArray(root.agents)
      ? (root.agents as unknown[]).map((agent, index) => ({ agent, segments: ['agents', index] }))
      : [];
  const issues: PathIssue[] = [];
  const firstPathOfId = new Map<string, string>();
  for (const { agent, segments } of entries) {
    if (!isMapping(agent)) continue;
    if (typeof agent.id === 'string') {
      const earlier = firstPathOfId.get(agent.id);
      if (earlier === undefined) firstPathOfId.set(agent.id, formatKeyPath([...segments, 'id']));
      else
        issues.push({
          segments: [...segments, 'id'],
          message: `duplicate agent id "${agent.id}" (also at ${earlier}); expected unique ids`,
        });
    }
    const backend = agent.backend;
    if (isMapping(backend) && backend.type == null) {
      const suggestion =
        typeof backend.model === 'string' && backend.model !== ''
          ? ` (the model "${backend.model}" suggests "${inferBackendType(backend.model)}")`
          : '';
      issues.push({
        segments: [...segments, 'backend', 'type'],
        message: `missing; expected a backend type such as "openai" or "claude_code"${suggestion}`,
      });
    }
  }
  return issues;
}
