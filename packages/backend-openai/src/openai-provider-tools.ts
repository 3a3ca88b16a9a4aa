import { describeSources } from '@massgen/backend-utils';
import type { StreamPart } from '@massgen/core';
import type { ResponseOutputItem, Tool } from 'openai/resources/responses/responses';
import type { OpenAIProviderTools } from './openai-options.js';

/**
 * The Responses API tools for OpenAI's own web search and code interpreter, and the `include`
 * entries that make it return what they did (the pages searched, the code's output), which
 * MassGen shows the user.
 */
export function responsesProviderTools(enabled: OpenAIProviderTools): { tools: Tool[]; include: string[] } {
  const tools: Tool[] = [];
  const include: string[] = [];
  if (enabled.webSearch) {
    tools.push({ type: 'web_search' });
    include.push('web_search_call.action.sources');
  }
  if (enabled.codeInterpreter) {
    tools.push({ type: 'code_interpreter', container: { type: 'auto' } });
    include.push('code_interpreter_call.outputs');
  }
  return { tools, include };
}

/** What a finished web search or code interpreter item did, as a part for the user to see. */
export function providerToolPart(item: ResponseOutputItem): Extract<StreamPart, { type: 'provider-tool' }> | undefined {
  if (item.type === 'web_search_call') {
    const { action } = item;
    const failed = item.status === 'failed';
    if (action.type === 'search') {
      const queries = action.queries ?? (action.query === undefined ? [] : [action.query]);
      return {
        type: 'provider-tool',
        id: item.id,
        name: 'web_search',
        input: JSON.stringify({ query: queries.join(' | ') }),
        output: failed ? 'the search failed' : describeSources(action.sources ?? []),
        isError: failed,
      };
    }
    const target =
      action.type === 'open_page' ? { open_page: action.url ?? '' } : { find_in_page: action.pattern, url: action.url };
    return {
      type: 'provider-tool',
      id: item.id,
      name: 'web_search',
      input: JSON.stringify(target),
      output: failed ? 'the search failed' : 'done',
      isError: failed,
    };
  }
  if (item.type === 'code_interpreter_call') {
    const failed = item.status === 'failed' || item.status === 'incomplete';
    const outputs = (item.outputs ?? []).map((output) =>
      output.type === 'logs' ? output.logs : `[image: ${output.url}]`,
    );
    return {
      type: 'provider-tool',
      id: item.id,
      name: 'code_interpreter',
      input: item.code ?? '',
      output: outputs.join('\n') || (failed ? `the code did not finish (${item.status})` : 'no output'),
      isError: failed,
    };
  }
  return undefined;
}
