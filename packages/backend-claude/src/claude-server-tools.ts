import { describeSources } from '@massgen/backend-utils';
import type { StreamPart } from '@massgen/core';
import type { CodeExecutionToolResultBlock, WebSearchToolResultBlock } from '@anthropic-ai/sdk/resources/messages';

type ProviderToolPart = Extract<StreamPart, { type: 'provider-tool' }>;

/** A `server_tool_use` block: what Claude asked its own tool to do. */
export interface ServerToolUse {
  id: string;
  name: string;
  input: unknown;
}

function describeInput(use: ServerToolUse | undefined): string {
  const input = use?.input;
  if (typeof input === 'object' && input !== null) {
    const { code } = input as { code?: unknown };
    if (use?.name === 'code_execution' && typeof code === 'string') return code;
    return JSON.stringify(input);
  }
  return '{}';
}

/**
 * What one of Anthropic's server tools did, from its result block and the `server_tool_use` it
 * answers: the search query and the pages found, or the code and what it printed.
 */
export function serverToolPart(
  result: WebSearchToolResultBlock | CodeExecutionToolResultBlock,
  use: ServerToolUse | undefined,
): ProviderToolPart {
  const base = { type: 'provider-tool' as const, id: result.tool_use_id, input: describeInput(use) };
  if (result.type === 'web_search_tool_result') {
    const { content } = result;
    if (!Array.isArray(content)) {
      return { ...base, name: 'web_search', output: `the search failed: ${content.error_code}`, isError: true };
    }
    return {
      ...base,
      name: 'web_search',
      output: describeSources(content.map(({ url, title }) => ({ url, title }))),
      isError: false,
    };
  }
  const { content } = result;
  if (content.type === 'code_execution_tool_result_error') {
    return { ...base, name: 'code_execution', output: `the code did not run: ${content.error_code}`, isError: true };
  }
  if (content.type !== 'code_execution_result') {
    return { ...base, name: 'code_execution', output: 'the output is encrypted', isError: false };
  }
  const output = [content.stdout, content.stderr].filter((text) => text !== '').join('\n');
  return {
    ...base,
    name: 'code_execution',
    output: output === '' ? `no output (exit code ${content.return_code})` : output,
    isError: content.return_code !== 0,
  };
}
