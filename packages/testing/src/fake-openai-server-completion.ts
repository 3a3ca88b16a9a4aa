import type {
  FakeChatRequest,
  FakeServerToolUse,
  FakeTextReply,
  FakeToolCallsReply,
  FakeUsage,
} from './fake-openai-server-types.js';

type ContentReply = FakeTextReply | FakeToolCallsReply;

/** What a model produced for one request, before it is framed as chunks or as one JSON body. */
interface Completion {
  id: string;
  created: number;
  model: string;
  reasoning: string;
  text: string;
  calls: Array<{ id: string; name: string; arguments: string }>;
  finishReason: string;
  serverTools: FakeServerToolUse[];
  /** The pages xAI's live search used and cites, when the request asked for a search. */
  liveSearch: LiveSearch | undefined;
  usage: Record<string, unknown> | undefined;
}

interface LiveSearch {
  citations: string[];
  sourcesUsed: number;
}

/**
 * xAI's live search: a request whose `search_parameters` turn it on (`mode` `auto` or `on`) gets
 * the scripted searches' pages, at most `max_search_results`, as the response's `citations`
 * (unless `return_citations` is false) and counted in `usage.num_sources_used`.
 */
function liveSearchOf(request: FakeChatRequest, uses: readonly FakeServerToolUse[]): LiveSearch | undefined {
  const parameters = request.body['search_parameters'];
  if (typeof parameters !== 'object' || parameters === null) return undefined;
  const { mode, max_search_results: limit, return_citations: returnCitations } = parameters as Record<string, unknown>;
  if (mode === 'off') return undefined;
  const urls = uses.flatMap((use) => (use.type === 'web_search' && use.failed !== true ? (use.sources ?? []) : []));
  const used = urls.map(({ url }) => url).slice(0, typeof limit === 'number' ? limit : undefined);
  if (used.length === 0) return undefined;
  return { citations: returnCitations === false ? [] : used, sourcesUsed: used.length };
}

/** Real servers report tokens; roughly four characters per token keeps the numbers plausible. */
function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

function promptText(request: FakeChatRequest): string {
  const parts = request.messages.map((message) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
  );
  if (request.tools.length > 0) parts.push(JSON.stringify(request.tools));
  return parts.join('\n');
}

function buildUsage(
  request: FakeChatRequest,
  completion: Omit<Completion, 'usage' | 'id' | 'created' | 'model'>,
  override: FakeUsage | undefined,
): Record<string, unknown> {
  const sources = completion.liveSearch?.sourcesUsed ?? 0;
  const reasoningTokens = override?.reasoningTokens ?? estimateTokens(completion.reasoning);
  const outputText = completion.text + completion.calls.map((call) => call.name + call.arguments).join('');
  const completionTokens = override?.completionTokens ?? estimateTokens(outputText) + reasoningTokens;
  const promptTokens = override?.promptTokens ?? Math.max(1, estimateTokens(promptText(request)));
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: override?.cachedTokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: reasoningTokens },
    ...(sources > 0 ? { num_sources_used: sources } : {}),
  };
}

export function buildCompletion(request: FakeChatRequest, reply: ContentReply): Completion {
  const calls =
    reply.type === 'tool-calls'
      ? reply.calls.map((call, position) => ({
          id: call.id ?? `call_${request.index}_${position}`,
          name: call.name,
          arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
        }))
      : [];
  const content = {
    reasoning: reply.reasoning ?? '',
    text: reply.text ?? '',
    calls,
    finishReason: reply.type === 'tool-calls' ? 'tool_calls' : (reply.finishReason ?? 'stop'),
    serverTools: reply.serverTools ?? [],
    liveSearch: liveSearchOf(request, reply.serverTools ?? []),
  };
  return {
    id: `chatcmpl-fake-${request.index}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    ...content,
    usage: reply.usage === false ? undefined : buildUsage(request, content, reply.usage),
  };
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

/**
 * Frames a completion the way OpenAI streams it: a role chunk, reasoning and text deltas, each
 * tool call opened with its id and name and then continued by argument fragments under the same
 * `index`, a closing chunk with `finish_reason`, and the usage chunk when it was asked for.
 */
export function buildStreamChunks(
  completion: Completion,
  options: { chunkSize: number; includeUsage: boolean },
): Array<Record<string, unknown>> {
  const frame = (delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> => ({
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...(options.includeUsage ? { usage: null } : {}),
  });
  const chunks = [frame({ role: 'assistant', content: '' })];
  for (const piece of split(completion.reasoning, options.chunkSize)) chunks.push(frame({ reasoning_content: piece }));
  for (const piece of split(completion.text, options.chunkSize)) chunks.push(frame({ content: piece }));
  completion.calls.forEach((call, index) => {
    chunks.push(
      frame({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const piece of split(call.arguments, options.chunkSize))
      chunks.push(frame({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  chunks.push(frame({}, completion.finishReason));
  if (options.includeUsage && completion.usage !== undefined) {
    chunks.push({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      choices: [],
      usage: completion.usage,
    });
  }
  // xAI sends the cited pages once, on the last chunk.
  const citations = completion.liveSearch?.citations ?? [];
  const last = chunks[chunks.length - 1];
  if (citations.length > 0 && last !== undefined) last['citations'] = citations;
  return chunks;
}

/** The non-streaming `chat.completion` body for the same completion. */
export function buildCompletionBody(completion: Completion): Record<string, unknown> {
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: completion.text === '' && completion.calls.length > 0 ? null : completion.text,
    refusal: null,
  };
  if (completion.reasoning !== '') message['reasoning_content'] = completion.reasoning;
  if (completion.calls.length > 0) {
    message['tool_calls'] = completion.calls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  return {
    id: completion.id,
    object: 'chat.completion',
    created: completion.created,
    model: completion.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: completion.finishReason }],
    ...(completion.usage === undefined ? {} : { usage: completion.usage }),
    ...((completion.liveSearch?.citations ?? []).length === 0 ? {} : { citations: completion.liveSearch?.citations }),
  };
}
