export interface CommandLineAgentOptions {
  /** The fake OpenAI-compatible server's URL. */
  url: string;
  apiKey: string;
  /** The agent's workspace, as the configuration names it. */
  cwd: string;
  /** Further backend keys, one `key: value` a line (`enable_mcp_command_line: true`...). */
  lines?: readonly string[];
}

/** One chatcompletion agent (model `model-<id>`) of a team's `agents:` list, in block style. */
export function commandLineAgentYaml(id: string, options: CommandLineAgentOptions): string {
  return [
    `  - id: ${id}`,
    '    backend:',
    '      type: chatcompletion',
    `      model: model-${id}`,
    `      base_url: "${options.url}"`,
    `      api_key: ${options.apiKey}`,
    `      cwd: ${options.cwd}`,
    ...(options.lines ?? []).map((line) => `      ${line}`),
  ].join('\n');
}
