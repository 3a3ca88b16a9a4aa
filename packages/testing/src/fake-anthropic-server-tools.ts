import type { FakeResponseBlock } from './fake-anthropic-server-message.js';
import type { FakeAnthropicServerToolUse } from './fake-anthropic-server-types.js';

/**
 * The content blocks of the model's own uses of Anthropic's server tools, as the Messages API
 * returns them: each `server_tool_use` followed by its result block; the citations a text written
 * after the searches carries (`web_search_result_location`, one per result); and the searches
 * made, which the usage counts.
 */
export function serverToolBlocks(
  uses: readonly FakeAnthropicServerToolUse[],
  requestIndex: number,
): { blocks: FakeResponseBlock[]; citations: Array<Record<string, unknown>>; searches: number } {
  const blocks: FakeResponseBlock[] = [];
  const citations: Array<Record<string, unknown>> = [];
  let searches = 0;
  uses.forEach((use, position) => {
    const id = `srvtoolu_fake_${requestIndex}_${position}`;
    const input = use.type === 'web_search' ? { query: use.query } : { code: use.code };
    blocks.push({ type: 'server_tool_use', id, name: use.type, input, inputJson: JSON.stringify(input) });
    if (use.type === 'web_search') {
      searches += 1;
      const results = use.results ?? [];
      blocks.push({
        type: 'web_search_tool_result',
        tool_use_id: id,
        content:
          use.errorCode === undefined
            ? results.map(({ url, title }) => ({
                type: 'web_search_result',
                url,
                title,
                encrypted_content: Buffer.from(url).toString('base64'),
                page_age: null,
              }))
            : { type: 'web_search_tool_result_error', error_code: use.errorCode },
      });
      if (use.errorCode === undefined) {
        citations.push(
          ...results.map(({ url, title }) => ({
            type: 'web_search_result_location',
            url,
            title,
            encrypted_index: Buffer.from(`${id}:${url}`).toString('base64'),
            cited_text: title,
          })),
        );
      }
      return;
    }
    blocks.push({
      type: 'code_execution_tool_result',
      tool_use_id: id,
      content:
        use.errorCode === undefined
          ? {
              type: 'code_execution_result',
              stdout: use.stdout ?? '',
              stderr: use.stderr ?? '',
              return_code: use.returnCode ?? 0,
              content: [],
            }
          : { type: 'code_execution_tool_result_error', error_code: use.errorCode },
    });
  });
  return { blocks, citations, searches };
}
