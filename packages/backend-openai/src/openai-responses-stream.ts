import { abortedRequestError, CitedSources, unfinishedStreamError } from '@massgen/backend-utils';
import type { FinishReason, StreamPart, Usage } from '@massgen/core';
import type { ResponseOutputItem, ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses';
import { openAIProviderMetadata, type OutputItemRecord } from './openai-provider-metadata.js';
import { providerToolPart } from './openai-provider-tools.js';
import { OpenAIResponseFailure } from './openai-responses-failure.js';

export interface ResponsesStreamOptions {
  providerName: string;
  signal?: AbortSignal | undefined;
  /**
   * Code interpreter containers the agent's earlier calls already used. OpenAI bills a container
   * when it is created, and a call may reuse one, so only a container not seen before counts.
   */
  knownContainers?: Set<string>;
}

interface PendingCall {
  callId: string;
  name: string;
  input: string;
}

export function mapResponsesUsage(usage: ResponseUsage): Usage {
  const mapped: Usage = { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens };
  const reasoningTokens = usage.output_tokens_details?.reasoning_tokens;
  if (typeof reasoningTokens === 'number') mapped.reasoningTokens = reasoningTokens;
  const cachedTokens = usage.input_tokens_details?.cached_tokens;
  if (typeof cachedTokens === 'number') mapped.cachedInputTokens = cachedTokens;
  return mapped;
}

function incompleteReason(reason: string | undefined): FinishReason {
  if (reason === 'max_output_tokens') return 'length';
  if (reason === 'content_filter') return 'content-filter';
  return 'other';
}

/** What the next call of the same turn needs of a finished output item, if anything. */
function recordOf(item: ResponseOutputItem): OutputItemRecord | undefined {
  if (item.type === 'reasoning') {
    return {
      type: 'reasoning',
      id: item.id,
      summary: item.summary.map((part) => part.text),
      ...(typeof item.encrypted_content === 'string' ? { encryptedContent: item.encrypted_content } : {}),
    };
  }
  if (item.type === 'message') return { type: 'message', id: item.id };
  if (item.type === 'function_call' && item.id !== undefined)
    return { type: 'function_call', id: item.id, callId: item.call_id };
  return undefined;
}

/**
 * Maps Responses API events to stream parts: text and reasoning (summary or raw) deltas as they
 * come; what OpenAI's own tools (web search, code interpreter) did as each of their items is
 * done, and the pages the text cites as a list after it; each function call once its item is done, all of them after the response completed so
 * that a broken stream yields no half-made call; then the items to replay (when the model
 * reasoned), the usage and the finish. Failures are thrown for the caller to classify.
 */
export async function* mapResponsesStream(
  events: AsyncIterable<ResponseStreamEvent>,
  options: ResponsesStreamOptions,
): AsyncGenerator<StreamPart> {
  const pending = new Map<string, PendingCall>();
  const calls: Array<{ type: 'tool-call'; id: string; name: string; input: string }> = [];
  const records: OutputItemRecord[] = [];
  const cited = new CitedSources();
  // OpenAI bills each web search call apart from tokens; the usage it reports does not count them.
  let webSearches = 0;
  let newContainers = 0;
  const containers = options.knownContainers ?? new Set<string>();
  let lastSummaryPart: string | undefined;
  let finish: { reason: FinishReason; rawReason: string; usage: ResponseUsage | null | undefined } | undefined;

  for await (const event of events) {
    if (options.signal?.aborted) throw abortedRequestError(options.providerName);
    switch (event.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (event.delta !== '') yield { type: 'text-delta', text: event.delta };
        break;
      case 'response.reasoning_summary_text.delta': {
        // Summaries come in parts; keep them apart as paragraphs.
        const part = `${event.item_id}:${event.summary_index}`;
        const separator = lastSummaryPart !== undefined && lastSummaryPart !== part ? '\n\n' : '';
        lastSummaryPart = part;
        if (event.delta !== '') yield { type: 'reasoning-delta', text: separator + event.delta };
        break;
      }
      case 'response.reasoning_text.delta':
        if (event.delta !== '') yield { type: 'reasoning-delta', text: event.delta };
        break;
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          pending.set(event.item.id ?? `output-${event.output_index}`, {
            callId: event.item.call_id,
            name: event.item.name,
            input: event.item.arguments ?? '',
          });
        }
        break;
      case 'response.function_call_arguments.delta': {
        const call = pending.get(event.item_id);
        if (call !== undefined) call.input += event.delta;
        break;
      }
      case 'response.output_item.done': {
        const { item } = event;
        const record = recordOf(item);
        if (record !== undefined) records.push(record);
        const providerTool = providerToolPart(item);
        if (providerTool !== undefined) yield providerTool;
        if (item.type === 'web_search_call' && item.status === 'completed') webSearches += 1;
        if (item.type === 'code_interpreter_call' && !containers.has(item.container_id)) {
          containers.add(item.container_id);
          newContainers += 1;
        }
        if (item.type === 'message') {
          for (const content of item.content) {
            if (content.type !== 'output_text') continue;
            for (const annotation of content.annotations) {
              if (annotation.type === 'url_citation') cited.add({ url: annotation.url, title: annotation.title });
            }
          }
        }
        if (item.type === 'function_call' && item.status !== 'incomplete') {
          const streamed = pending.get(item.id ?? `output-${event.output_index}`);
          const input = item.arguments !== '' ? item.arguments : (streamed?.input ?? '');
          calls.push({ type: 'tool-call', id: item.call_id, name: item.name, input: input === '' ? '{}' : input });
        }
        break;
      }
      case 'response.completed':
        finish = {
          reason: calls.length > 0 ? 'tool-calls' : 'stop',
          rawReason: 'completed',
          usage: event.response.usage,
        };
        break;
      case 'response.incomplete': {
        const reason = event.response.incomplete_details?.reason;
        finish = { reason: incompleteReason(reason), rawReason: reason ?? 'incomplete', usage: event.response.usage };
        break;
      }
      case 'response.failed': {
        const error = event.response.error;
        throw new OpenAIResponseFailure(
          error?.code ?? null,
          error?.message ?? 'The response failed without saying why.',
        );
      }
      case 'error':
        throw new OpenAIResponseFailure(event.code, event.message);
      default:
        break;
    }
  }

  // The SDK ends iteration quietly when its request is aborted, so an early end may be a cancel.
  if (options.signal?.aborted) throw abortedRequestError(options.providerName);
  if (finish === undefined) {
    throw unfinishedStreamError(options.providerName, 'the response was complete (no response.completed event)');
  }
  const footnote = cited.footnote();
  if (footnote !== '') yield { type: 'text-delta', text: footnote };
  yield* calls;
  if (records.some((record) => record.type === 'reasoning'))
    yield { type: 'provider-metadata', metadata: openAIProviderMetadata(records) };
  if (finish.usage !== null && finish.usage !== undefined) {
    const usage = mapResponsesUsage(finish.usage);
    const toolUses = {
      ...(webSearches === 0 ? {} : { web_search: webSearches }),
      ...(newContainers === 0 ? {} : { code_interpreter_containers: newContainers }),
    };
    yield {
      type: 'usage',
      usage: Object.keys(toolUses).length === 0 ? usage : { ...usage, providerToolUses: toolUses },
    };
  }
  yield { type: 'finish', reason: finish.reason, rawReason: finish.rawReason };
}
