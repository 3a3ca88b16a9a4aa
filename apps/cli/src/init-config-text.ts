import type { InitBackendChoice } from './init-backend-choices.js';

export interface InitAgent {
  id: string;
  backend: InitBackendChoice;
  model: string;
  baseUrl?: string;
}

/** A key variable and whether the environment (or .env) has it. */
export interface KeyStatus {
  variable: string;
  present: boolean;
}

/**
 * The YAML `massgen init` writes. Strings are written as JSON strings, which YAML reads as the
 * same double-quoted scalars, so no model name or URL can break the file.
 */
export function renderInitConfig(
  agents: readonly InitAgent[],
  keys: readonly KeyStatus[],
  fileName: string,
  schemaFile?: string,
): string {
  // The YAML language server reads this first line to complete and check the file as it is edited.
  const lines = schemaFile === undefined ? [] : [`# yaml-language-server: $schema=${schemaFile}`];
  lines.push(`# Written by massgen init. Run it with: massgen --config ${fileName} "your question"`);
  if (keys.length > 0) {
    lines.push('# API keys are read from the environment or from a .env file beside where you run massgen:');
    for (const key of keys)
      lines.push(`#   ${key.variable}: ${key.present ? 'found' : 'missing, add it before running'}`);
  }
  lines.push('# Every key is described by: massgen --show-schema', 'agents:');
  for (const agent of agents) {
    lines.push(
      `  - id: ${JSON.stringify(agent.id)}`,
      '    backend:',
      `      type: ${JSON.stringify(agent.backend.type)}`,
      `      model: ${JSON.stringify(agent.model)}`,
    );
    if (agent.baseUrl !== undefined) lines.push(`      base_url: ${JSON.stringify(agent.baseUrl)}`);
  }
  lines.push(
    '',
    'orchestrator:',
    '  # Turns each agent takes (each an answer or a vote); then the leading answer is presented.',
    `  max_rounds: ${agents.length === 1 ? 2 : 4}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Agent ids from backend types, numbered only where a type repeats: openai, claude, openai-2. */
export function agentIds(types: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return types.map((type) => {
    const count = (seen.get(type) ?? 0) + 1;
    seen.set(type, count);
    const base = type.replace(/_/g, '-');
    return count === 1 ? base : `${base}-${count}`;
  });
}
