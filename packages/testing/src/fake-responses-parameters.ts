import type { FakeRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';

/** Top-level fields the Responses API accepts; it refuses any other (`seed`, `stop`, `max_tokens`). */
const knownParameters = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_tool_calls',
  'temperature',
  'top_p',
  'top_logprobs',
  'max_output_tokens',
  'reasoning',
  'text',
  'store',
  'include',
  'stream',
  'stream_options',
  'metadata',
  'user',
  'safety_identifier',
  'prompt_cache_key',
  'previous_response_id',
  'conversation',
  'truncation',
  'service_tier',
  'background',
  'prompt',
]);

/**
 * Models that reason: OpenAI's o-series, GPT-5 (except the `-chat` variants) and the open-weight
 * gpt-oss. They refuse sampling settings; other models refuse reasoning settings.
 */
export function isFakeReasoningModel(model: string): boolean {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  return /^o\d/.test(name) || (name.startsWith('gpt-5') && !name.includes('-chat')) || name.startsWith('gpt-oss');
}

function refuse(message: string, code: string, param: string): FakeRejection {
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', code, param) };
}

/** The rejection OpenAI sends for the request's top-level parameters, if any. */
export function checkResponsesParameters(body: Record<string, unknown>): FakeRejection | undefined {
  const model = typeof body['model'] === 'string' ? body['model'] : '';
  if (model === '') return refuse("Missing required parameter: 'model'.", 'missing_required_parameter', 'model');
  for (const key of Object.keys(body)) {
    if (!knownParameters.has(key)) return refuse(`Unknown parameter: '${key}'.`, 'unknown_parameter', key);
  }
  if (typeof body['input'] !== 'string' && !Array.isArray(body['input'])) {
    return refuse("Missing required parameter: 'input'.", 'missing_required_parameter', 'input');
  }
  const reasoning = body['reasoning'];
  const unsupported = isFakeReasoningModel(model)
    ? ['temperature', 'top_p'].find((key) => body[key] !== undefined && body[key] !== null)
    : typeof reasoning === 'object' && reasoning !== null && (reasoning as Record<string, unknown>)['effort'] != null
      ? 'reasoning.effort'
      : undefined;
  if (unsupported !== undefined) {
    return refuse(
      `Unsupported parameter: '${unsupported}' is not supported with this model.`,
      'unsupported_parameter',
      unsupported,
    );
  }
  return undefined;
}
