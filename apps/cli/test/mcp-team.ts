import { writeFileSync } from 'node:fs';

export interface McpTeamOptions {
  /** The fake provider's URL; its key is `test-key`. */
  url: string;
  /** The `mcp_servers` list entries, indented for their place (ten spaces before each key). */
  servers: string;
  /** More backend keys (`cwd`, `context_paths`...), indented six spaces. */
  backendExtra?: string;
  /** The backend's type and model lines, indented six spaces; a chatcompletion `model-a` unless told. */
  backend?: string;
}

/** Writes a team of one agent, `reader`, on the fake provider, with the given MCP servers; returns the file. */
export function writeMcpTeam(file: string, options: McpTeamOptions): string {
  writeFileSync(
    file,
    `agents:
  - id: reader
    backend:
${options.backend ?? '      type: chatcompletion\n      model: model-a\n'}      base_url: ${JSON.stringify(options.url)}
      api_key: test-key
${options.backendExtra ?? ''}      mcp_servers:
${options.servers}`,
  );
  return file;
}
