import { abortedRequestError, CitedSources, unfinishedStreamError } from '@massgen/backend-utils';
import { MassGenError, type StreamPart } from '@massgen/core';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { thinkingMetadata, type ThinkingBlock } from './claude-thinking-metadata.js';
import { serverToolPart, type ServerToolUse } from './claude-server-tools.js';
import { mapClaudeUsage, mergeClaudeUsage, type ClaudeUsageReport } from './claude-usage.js';
import { mapClaudeStopReason } from './map-claude-stop-reason.js';

export interface ClaudeStreamOptions {
  providerName: string;
  signal?: AbortSignal | undefined;
}

type OpenBlock =
  | { type: 'tool_use' | 'server_tool_use'; id: string; name: string; json: string; startInput: unknown }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'other' };

function streamError(message: string): MassGenError {
  return new MassGenError({ code: 'BACKEND_STREAM', retryable: true, message });
}

/** The JSON text of a finished tool call: the streamed fragments, else the input the block opened with. */
function toolInput(block: Extract<OpenBlock, { type: 'tool_use' | 'server_tool_use' }>): string {
  if (block.json !== '') return block.json;
  const start = block.startInput;
  return typeof start === 'object' && start !== null && Object.keys(start).length > 0 ? JSON.stringify(start) : '{}';
}

function openBlock(
  contentBlock: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>['content_block'],
): OpenBlock {
  switch (contentBlock.type) {
    case 'tool_use':
    case 'server_tool_use':
      return {
        type: contentBlock.type,
        id: contentBlock.id,
        name: contentBlock.name,
        json: '',
        startInput: contentBlock.input,
      };
    case 'thinking':
      return { type: 'thinking', thinking: contentBlock.thinking, signature: contentBlock.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: contentBlock.data };
    default:
      return { type: 'other' };
  }
}

/**
 * Maps Messages API stream events to stream parts: text and thinking deltas as they come, each
 * tool call once its block closes, what Anthropic's server tools did as each result arrives (and
 * the pages the text cites, listed after it), then the signed thinking blocks as provider metadata (the next
 * call of the turn must send them back), one usage part and the finish. Failures are thrown for
 * the caller to classify, so that the stream it builds ends with exactly one `finish` or `error`.
 */
export async function* mapClaudeStream(
  events: AsyncIterable<RawMessageStreamEvent>,
  options: ClaudeStreamOptions,
): AsyncGenerator<StreamPart> {
  const blocks = new Map<number, OpenBlock>();
  const thinking: Array<{ index: number; block: ThinkingBlock }> = [];
  const serverToolUses = new Map<string, ServerToolUse>();
  const cited = new CitedSources();
  let usage: ClaudeUsageReport | undefined;
  let stopReason: string | undefined;
  let stopped = false;

  for await (const event of events) {
    if (options.signal?.aborted) throw abortedRequestError(options.providerName);
    switch (event.type) {
      case 'message_start':
        usage = event.message.usage;
        break;
      case 'content_block_start': {
        const block = openBlock(event.content_block);
        blocks.set(event.index, block);
        if (event.content_block.type === 'text' && event.content_block.text !== '')
          yield { type: 'text-delta', text: event.content_block.text };
        if (block.type === 'thinking' && block.thinking !== '') yield { type: 'reasoning-delta', text: block.thinking };
        const started = event.content_block;
        // A server tool's result arrives whole when its block opens.
        if (started.type === 'web_search_tool_result' || started.type === 'code_execution_tool_result')
          yield serverToolPart(started, serverToolUses.get(started.tool_use_id));
        break;
      }
      case 'content_block_delta': {
        const block = blocks.get(event.index);
        const delta = event.delta;
        if (delta.type === 'text_delta' && delta.text !== '') yield { type: 'text-delta', text: delta.text };
        else if (delta.type === 'input_json_delta' && (block?.type === 'tool_use' || block?.type === 'server_tool_use'))
          block.json += delta.partial_json;
        else if (delta.type === 'thinking_delta' && block?.type === 'thinking') {
          block.thinking += delta.thinking;
          if (delta.thinking !== '') yield { type: 'reasoning-delta', text: delta.thinking };
        } else if (delta.type === 'signature_delta' && block?.type === 'thinking') block.signature += delta.signature;
        else if (delta.type === 'citations_delta' && delta.citation.type === 'web_search_result_location') {
          cited.add({
            url: delta.citation.url,
            ...(delta.citation.title === null ? {} : { title: delta.citation.title }),
          });
        }
        break;
      }
      case 'content_block_stop': {
        const block = blocks.get(event.index);
        if (block?.type === 'server_tool_use') {
          serverToolUses.set(block.id, {
            id: block.id,
            name: block.name,
            input: JSON.parse(toolInput(block)) as unknown,
          });
        } else if (block?.type === 'tool_use') {
          if (block.name === '')
            throw streamError(
              `${options.providerName} streamed a tool call (block ${event.index}) without a tool name.`,
            );
          yield { type: 'tool-call', id: block.id, name: block.name, input: toolInput(block) };
        } else if (block?.type === 'thinking' && block.signature !== '') {
          thinking.push({
            index: event.index,
            block: { type: 'thinking', thinking: block.thinking, signature: block.signature },
          });
        } else if (block?.type === 'redacted_thinking') {
          thinking.push({ index: event.index, block: { type: 'redacted_thinking', data: block.data } });
        }
        break;
      }
      case 'message_delta':
        if (event.delta.stop_reason !== null) stopReason = event.delta.stop_reason;
        usage = mergeClaudeUsage(usage ?? {}, event.usage);
        break;
      case 'message_stop':
        stopped = true;
        break;
    }
  }

  // The SDK ends iteration quietly when its request is aborted, so an early end may be a cancel.
  if (options.signal?.aborted) throw abortedRequestError(options.providerName);
  if (!stopped) throw unfinishedStreamError(options.providerName, 'the message was complete (no message_stop)');
  const footnote = cited.footnote();
  if (footnote !== '') yield { type: 'text-delta', text: footnote };
  if (thinking.length > 0) {
    yield {
      type: 'provider-metadata',
      metadata: thinkingMetadata(thinking.sort((left, right) => left.index - right.index).map(({ block }) => block)),
    };
  }
  const mappedUsage = usage === undefined ? undefined : mapClaudeUsage(usage);
  if (mappedUsage !== undefined && Object.keys(mappedUsage).length > 0) yield { type: 'usage', usage: mappedUsage };
  yield stopReason === undefined
    ? { type: 'finish', reason: 'other' }
    : { type: 'finish', reason: mapClaudeStopReason(stopReason), rawReason: stopReason };
}
