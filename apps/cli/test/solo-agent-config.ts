import { writeFileSync } from 'node:fs';

export interface SoloAgentOptions {
  /** The agent's id; its model is `model-<id>`. */
  id: string;
  /** The fake OpenAI-compatible server's URL; its key is `test-key`. */
  url: string;
  /** More backend keys, as YAML written at the backend's own level (indented here). */
  backend?: string;
  /** More top-level YAML after the agent (`orchestrator:`...). */
  rest?: string;
}

/** Writes a configuration of one chatcompletion agent on the fake server to `file`, and returns the file. */
export function writeSoloAgent(file: string, options: SoloAgentOptions): string {
  const backend = (options.backend ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `    ${line}\n`)
    .join('');
  writeFileSync(
    file,
    `agent:
  id: ${options.id}
  backend:
    type: chatcompletion
    model: model-${options.id}
    base_url: ${JSON.stringify(options.url)}
    api_key: test-key
${backend}${options.rest ?? ''}`,
  );
  return file;
}
