import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes `team.yaml` in `directory`: agents alpha (model-a) and beta (model-b) on the fake
 * OpenAI server at `url`, with its test key.
 */
export function writeTwoAgentTeam(directory: string, url: string): void {
  writeFileSync(
    path.join(directory, 'team.yaml'),
    ['alpha', 'beta']
      .map(
        (id) =>
          `  - id: ${id}\n    backend:\n      type: chatcompletion\n      model: model-${id[0]}\n      base_url: "${url}"\n      api_key: test-key\n`,
      )
      .reduce((text, agent) => text + agent, 'agents:\n'),
  );
}
