import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll } from 'vitest';
import { createProviderTeamServers } from '@massgen/testing';
import type { ProviderTeamServers, ProviderTeamServersOptions } from '@massgen/testing';
import { useServerDirectory } from './fake-server-directory.js';
import type { ServerDirectory } from './fake-server-directory.js';

/**
 * The mixed team `useProviderTeam` writes in its directory, the runs' working directory: agents
 * gpt (openai), claude and gemini, each on its provider's fake server, with its key from the
 * environment (`server.env`).
 */
export const mixedTeamFile = 'mixed.yaml';

/**
 * One directory, a fake OpenAI, Anthropic and Gemini server each playing the whole team, and
 * `mixedTeamFile`, for all the tests of the file that calls this.
 */
export function useProviderTeam(
  prefix: string,
  options: ProviderTeamServersOptions,
): ServerDirectory<ProviderTeamServers> {
  const setup = useServerDirectory(prefix, () => createProviderTeamServers(options), { perFile: true });
  beforeAll(() => {
    const { openai, anthropic, gemini } = setup.server;
    writeFileSync(
      path.join(setup.directory, mixedTeamFile),
      `agents:
  - id: gpt
    backend: { type: openai, model: gpt-5-nano, base_url: "${openai.url}", api_key: "\${OPENAI_API_KEY}" }
  - id: claude
    backend: { type: claude, model: claude-sonnet-4-6, base_url: "${anthropic.url}", api_key: "\${ANTHROPIC_API_KEY}" }
  - id: gemini
    backend: { type: gemini, model: gemini-2.5-flash, base_url: "${gemini.url}", api_key: "\${GEMINI_API_KEY}" }
`,
    );
  });
  return setup;
}
