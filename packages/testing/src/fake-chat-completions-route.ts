import { readChatContentParts } from './fake-chat-media.js';
import type { FakeModelRoute, FakeRequestView } from './fake-openai-route.js';
import { bearerKeyRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { sendReply } from './fake-openai-server-reply.js';
import type { FakeChatMessage, FakeChatTool } from './fake-openai-server-types.js';

/** A Chat Completions body is already in the form the responder reads. */
export function chatCompletionsView(body: Record<string, unknown>): FakeRequestView {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as FakeChatMessage[]) : [];
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    messages,
    tools: Array.isArray(body['tools']) ? (body['tools'] as FakeChatTool[]) : [],
    stream: body['stream'] === true,
    media: readChatContentParts(messages).media,
  };
}

/** `POST /v1/chat/completions`, as OpenAI and every compatible server serve it. */
export const chatCompletionsRoute: FakeModelRoute = {
  api: 'chat-completions',
  view: chatCompletionsView,
  checkKey: bearerKeyRejection,
  validate(request) {
    if (request.model === '') {
      return {
        status: 400,
        body: openAIErrorBody('You must provide a model parameter.', 'invalid_request_error', null, 'model'),
      };
    }
    if (!Array.isArray(request.body['messages'])) {
      return {
        status: 400,
        body: openAIErrorBody(
          "Missing required parameter: 'messages'.",
          'invalid_request_error',
          'missing_required_parameter',
          'messages',
        ),
      };
    }
    return readChatContentParts(request.messages).rejection;
  },
  send: sendReply,
};
