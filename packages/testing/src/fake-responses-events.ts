import type { buildCompletion } from './fake-openai-server-completion.js';
import type { FakeChatRequest } from './fake-openai-server-types.js';
import { citationsFor, writeServerTools } from './fake-responses-server-tools.js';

type Completion = ReturnType<typeof buildCompletion>;
type Item = Record<string, unknown>;

/** What the request asked to see of the model's reasoning. */
export interface ReasoningDisclosure {
  /** Emit a reasoning item even without reasoning text: reasoning models always do. */
  reasoningModel: boolean;
  /** `reasoning.summary` was set: the reasoning comes back as summary text. */
  summary: boolean;
  /** The model returns its raw reasoning as `reasoning_text` (gpt-oss does). */
  rawText: boolean;
  /** `include` asked for `reasoning.encrypted_content`. */
  encryptedContent: boolean;
}

/** One response as the Responses API streams it, and as it stands at the end. */
export interface ResponsesOutput {
  /** The stream's events, numbered, from `response.created` to `response.completed` (or `.incomplete`). */
  events: Item[];
  /** The output items, complete. */
  items: Item[];
  /** The response object at the start (in progress, empty output); failures build on it. */
  initial: Item;
  /** The final response object, as a non-streaming request gets it. */
  final: Item;
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function field(body: Record<string, unknown>, key: string, fallback: unknown): unknown {
  return body[key] ?? fallback;
}

function responseUsage(usage: Completion['usage']): Item | null {
  if (usage === undefined) return null;
  const details = (key: string): Record<string, unknown> => (usage[key] ?? {}) as Record<string, unknown>;
  return {
    input_tokens: usage['prompt_tokens'],
    input_tokens_details: { cached_tokens: details('prompt_tokens_details')['cached_tokens'] ?? 0 },
    output_tokens: usage['completion_tokens'],
    output_tokens_details: { reasoning_tokens: details('completion_tokens_details')['reasoning_tokens'] ?? 0 },
    total_tokens: usage['total_tokens'],
  };
}

/** Real encrypted reasoning is a Fernet token; this one only has to be opaque and checkable. */
function encryptedReasoning(id: string, text: string): string {
  return `gAAAAA${Buffer.from(`${id}:${text}`).toString('base64url')}`;
}

/**
 * Frames a completion the way the Responses API streams it: `response.created`, then each output
 * item opened by `response.output_item.added`, filled by its deltas (reasoning summary or text,
 * output text, function call arguments) and closed by `response.output_item.done`, then
 * `response.completed` with the usage, or `response.incomplete` when the output was cut.
 */
export function buildResponsesOutput(
  request: FakeChatRequest,
  completion: Completion,
  disclosure: ReasoningDisclosure,
  chunkSize: number,
): ResponsesOutput {
  const body = request.body;
  const responseId = `resp_fake_${request.index}`;
  const initial: Item = {
    id: responseId,
    object: 'response',
    created_at: completion.created,
    status: 'in_progress',
    background: false,
    error: null,
    incomplete_details: null,
    instructions: field(body, 'instructions', null),
    max_output_tokens: field(body, 'max_output_tokens', null),
    model: request.model,
    output: [],
    parallel_tool_calls: field(body, 'parallel_tool_calls', true),
    previous_response_id: null,
    reasoning: field(body, 'reasoning', { effort: null, summary: null }),
    store: field(body, 'store', true),
    temperature: field(body, 'temperature', 1),
    text: field(body, 'text', { format: { type: 'text' } }),
    tool_choice: field(body, 'tool_choice', 'auto'),
    tools: field(body, 'tools', []),
    top_p: field(body, 'top_p', 1),
    truncation: 'disabled',
    usage: null,
    user: null,
    metadata: {},
  };
  const events: Item[] = [];
  const emit = (type: string, fields: Item): void => {
    events.push({ type, sequence_number: events.length, ...fields });
  };
  const items: Item[] = [];
  const addItem = (opening: Item, fill: (item_id: string, output_index: number) => void, complete: Item): void => {
    const output_index = items.length;
    emit('response.output_item.added', { output_index, item: opening });
    fill(String(opening['id']), output_index);
    items.push(complete);
    emit('response.output_item.done', { output_index, item: complete });
  };

  emit('response.created', { response: initial });
  emit('response.in_progress', { response: initial });

  if (completion.reasoning !== '' || disclosure.reasoningModel) {
    const id = `rs_fake_${request.index}_${items.length}`;
    const showSummary = disclosure.summary && completion.reasoning !== '';
    const showText = disclosure.rawText && completion.reasoning !== '';
    const summary = showSummary ? [{ type: 'summary_text', text: completion.reasoning }] : [];
    const complete: Item = { id, type: 'reasoning', summary };
    if (showText) complete['content'] = [{ type: 'reasoning_text', text: completion.reasoning }];
    if (disclosure.encryptedContent) complete['encrypted_content'] = encryptedReasoning(id, completion.reasoning);
    addItem(
      { id, type: 'reasoning', summary: [] },
      (item_id, output_index) => {
        if (showSummary) {
          const part = { type: 'summary_text', text: '' };
          emit('response.reasoning_summary_part.added', { item_id, output_index, summary_index: 0, part });
          for (const delta of split(completion.reasoning, chunkSize)) {
            emit('response.reasoning_summary_text.delta', { item_id, output_index, summary_index: 0, delta });
          }
          emit('response.reasoning_summary_text.done', {
            item_id,
            output_index,
            summary_index: 0,
            text: completion.reasoning,
          });
          emit('response.reasoning_summary_part.done', {
            item_id,
            output_index,
            summary_index: 0,
            part: { ...part, text: completion.reasoning },
          });
        }
        if (showText) {
          for (const delta of split(completion.reasoning, chunkSize)) {
            emit('response.reasoning_text.delta', { item_id, output_index, content_index: 0, delta });
          }
          emit('response.reasoning_text.done', { item_id, output_index, content_index: 0, text: completion.reasoning });
        }
      },
      complete,
    );
  }

  writeServerTools(completion.serverTools, body, {
    emit,
    addItem,
    nextId: (prefix) => `${prefix}_fake_${request.index}_${items.length}`,
  });

  if (completion.text !== '') {
    const id = `msg_fake_${request.index}_${items.length}`;
    const annotations = citationsFor(completion.serverTools, completion.text);
    const part = { type: 'output_text', text: completion.text, annotations, logprobs: [] };
    addItem(
      { id, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
      (item_id, output_index) => {
        emit('response.content_part.added', {
          item_id,
          output_index,
          content_index: 0,
          part: { ...part, text: '', annotations: [] },
        });
        for (const delta of split(completion.text, chunkSize)) {
          emit('response.output_text.delta', { item_id, output_index, content_index: 0, delta, logprobs: [] });
        }
        annotations.forEach((annotation, annotation_index) => {
          emit('response.output_text.annotation.added', {
            item_id,
            output_index,
            content_index: 0,
            annotation_index,
            annotation,
          });
        });
        emit('response.output_text.done', {
          item_id,
          output_index,
          content_index: 0,
          text: completion.text,
          logprobs: [],
        });
        emit('response.content_part.done', { item_id, output_index, content_index: 0, part });
      },
      { id, type: 'message', status: 'completed', role: 'assistant', content: [part] },
    );
  }

  for (const call of completion.calls) {
    const id = `fc_fake_${request.index}_${items.length}`;
    const opening = {
      id,
      type: 'function_call',
      status: 'in_progress',
      call_id: call.id,
      name: call.name,
      arguments: '',
    };
    addItem(
      opening,
      (item_id, output_index) => {
        for (const delta of split(call.arguments, chunkSize))
          emit('response.function_call_arguments.delta', { item_id, output_index, delta });
        emit('response.function_call_arguments.done', {
          item_id,
          output_index,
          name: call.name,
          arguments: call.arguments,
        });
      },
      { ...opening, status: 'completed', arguments: call.arguments },
    );
  }

  const incompleteReason =
    completion.finishReason === 'length'
      ? 'max_output_tokens'
      : completion.finishReason === 'content_filter'
        ? 'content_filter'
        : undefined;
  const final: Item = {
    ...initial,
    status: incompleteReason === undefined ? 'completed' : 'incomplete',
    incomplete_details: incompleteReason === undefined ? null : { reason: incompleteReason },
    output: items,
    usage: responseUsage(completion.usage),
  };
  emit(incompleteReason === undefined ? 'response.completed' : 'response.incomplete', { response: final });
  return { events, items, initial, final };
}
