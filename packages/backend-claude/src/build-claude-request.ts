import { mergeExtraBody } from '@massgen/backend-utils';
import type { BackendRequest, Warning } from '@massgen/core';
import type { ClaudeOptions } from './claude-options.js';
import { prepareClaudeTools, type ClaudeTool, type ClaudeToolChoice } from './claude-prepare-tools.js';
import { planThinking, type ThinkingConfig } from './claude-thinking.js';
import { convertToClaudeMessages, type ClaudeMessage } from './convert-to-claude-messages.js';

/** Fields the backend owns: letting extra fields replace them would break the stream it parses. */
const ownedFields = new Set(['model', 'messages', 'stream']);

/**
 * A streaming Messages API request body. The SDK's types no longer list the sampling fields
 * (`temperature`, `top_p`, `top_k`); the API still reads them, so they are sent as body fields.
 */
export interface ClaudeRequestBody {
  model: string;
  max_tokens: number;
  messages: ClaudeMessage[];
  stream: true;
  system?: string;
  tools?: ClaudeTool[];
  tool_choice?: ClaudeToolChoice;
  thinking?: ThinkingConfig;
  output_config?: { effort: string };
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  [field: string]: unknown;
}

export interface ClaudeRequest {
  body: ClaudeRequestBody;
  warnings: Warning[];
}

function unsupported(message: string, path?: string): Warning {
  return { code: 'unsupported-setting', message, ...(path === undefined ? {} : { path }) };
}

/**
 * Builds the request body: the conversation, thinking, sampling settings under their Messages API
 * names, tools, then the configured `extra_body` and the request's `providerOptions`, each free to
 * override what came before except the fields the backend owns. Settings Claude would reject
 * (sampling while thinking, `temperature` with `top_p`, `seed`) become warnings.
 */
export function buildClaudeRequest(request: BackendRequest, model: string, options: ClaudeOptions): ClaudeRequest {
  const settings = request.settings ?? {};
  const plan = planThinking(options, settings);
  const warnings: Warning[] = [...plan.warnings];
  const conversation = convertToClaudeMessages(request.messages);
  const body: ClaudeRequestBody = { model, max_tokens: plan.maxTokens, messages: conversation.messages, stream: true };
  if (conversation.system !== undefined) body.system = conversation.system;
  if (plan.thinking !== undefined) body.thinking = plan.thinking;
  if (plan.effort !== undefined) body.output_config = { effort: plan.effort };

  const sampling: Array<[name: string, value: number | undefined]> = [
    ['temperature', settings.temperature],
    ['top_p', settings.topP],
    ['top_k', options.topK],
  ];
  const requested = sampling.filter(([, value]) => value !== undefined);
  if (plan.active && requested.length > 0) {
    const names = requested.map(([name]) => name).join(' and ');
    warnings.push(
      unsupported(
        `Claude does not accept ${names} while it thinks; ${requested.length === 1 ? 'it was' : 'they were'} left out.`,
      ),
    );
  } else {
    if (settings.temperature !== undefined) body.temperature = settings.temperature;
    if (settings.topP !== undefined && settings.temperature !== undefined) {
      warnings.push(
        unsupported(
          'Claude does not accept temperature and top_p together; top_p was left out and temperature kept.',
          'backend.top_p',
        ),
      );
    } else if (settings.topP !== undefined) {
      body.top_p = settings.topP;
    }
    if (options.topK !== undefined) body.top_k = options.topK;
  }
  if (settings.seed !== undefined)
    warnings.push(unsupported('Claude has no seed setting; seed was ignored.', 'backend.seed'));
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0)
    body.stop_sequences = settings.stopSequences;

  const { warnings: toolWarnings, ...tools } = prepareClaudeTools(
    request.tools,
    request.toolChoice,
    plan.active,
    options.serverTools,
  );
  warnings.push(...toolWarnings);
  Object.assign(body, tools);

  mergeExtraBody(
    body,
    { extraBody: options.extraBody, providerOptions: request.providerOptions },
    ownedFields,
    warnings,
  );
  return { body, warnings };
}
