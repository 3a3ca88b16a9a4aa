import { bearerKeyRejection, type FakeModelRoute } from './fake-openai-route.js';
import { buildCompletion } from './fake-openai-server-completion.js';
import { buildResponsesOutput } from './fake-responses-events.js';
import { ResponsesItemMemory } from './fake-responses-items.js';
import { checkResponsesParameters, isFakeReasoningModel } from './fake-responses-parameters.js';
import { responsesReplySender } from './fake-responses-reply.js';
import { readResponsesContentParts } from './fake-responses-media.js';
import { responsesInputItems, responsesView } from './fake-responses-request.js';

function reasoningSummaryRequested(body: Record<string, unknown>): boolean {
  const reasoning = body['reasoning'];
  return (
    typeof reasoning === 'object' && reasoning !== null && (reasoning as Record<string, unknown>)['summary'] != null
  );
}

function includes(body: Record<string, unknown>, value: string): boolean {
  const include = body['include'];
  return Array.isArray(include) && include.includes(value);
}

/**
 * `POST /v1/responses`, OpenAI's Responses API. Each server has its own route, because the
 * route remembers the items it issued to check the ones clients send back.
 */
export function createResponsesRoute(): FakeModelRoute {
  const memory = new ResponsesItemMemory();
  return {
    api: 'responses',
    view: responsesView,
    checkKey: bearerKeyRejection,
    validate: (request) =>
      checkResponsesParameters(request.body) ??
      readResponsesContentParts(responsesInputItems(request.body)).rejection ??
      memory.check(request.body),
    send: responsesReplySender((request, content, settings) => {
      const disclosure = {
        reasoningModel: isFakeReasoningModel(request.model),
        summary: reasoningSummaryRequested(request.body),
        rawText: request.model.toLowerCase().includes('gpt-oss'),
        encryptedContent: includes(request.body, 'reasoning.encrypted_content'),
      };
      const output = buildResponsesOutput(request, buildCompletion(request, content), disclosure, settings.chunkSize);
      memory.remember(output.items, { store: request.body['store'] !== false });
      return output;
    }),
  };
}
