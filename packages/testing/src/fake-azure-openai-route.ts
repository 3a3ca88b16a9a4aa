import { errorReply } from './fake-error-reply.js';
import { chatCompletionsRoute, chatCompletionsView } from './fake-chat-completions-route.js';
import type { FakeModelRoute, FakeRejection } from './fake-openai-route.js';
import { sendReply } from './fake-openai-server-reply.js';
import type { FakeErrorReply } from './fake-openai-server-types.js';

const deploymentPath = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

/** The deployment named by an Azure OpenAI chat completions path, or `undefined` for any other path. */
export function azureDeploymentOf(path: string): string | undefined {
  const match = deploymentPath.exec(path);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/** Azure's error envelope: a code (often the status as a string) and a message, without OpenAI's type. */
export function azureErrorBody(
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { error: { code, message, ...extra } };
}

/**
 * Azure opens every stream with a chunk that has no choices, only the prompt's content filter
 * results; clients must skip it.
 */
const promptFilterChunk = {
  id: '',
  object: '',
  created: 0,
  model: '',
  choices: [],
  prompt_filter_results: [
    {
      prompt_index: 0,
      content_filter_results: {
        hate: { filtered: false, severity: 'safe' },
        self_harm: { filtered: false, severity: 'safe' },
        sexual: { filtered: false, severity: 'safe' },
        violence: { filtered: false, severity: 'safe' },
      },
    },
  ],
};

function keyRejection(headers: Record<string, string>, apiKey: string): FakeRejection | undefined {
  if (headers['api-key'] === apiKey) return undefined;
  return {
    status: 401,
    body: azureErrorBody(
      '401',
      'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
    ),
  };
}

/**
 * `POST /openai/deployments/{deployment}/chat/completions?api-version=...`, the route the
 * `AzureOpenAI` client calls: the key comes in an `api-key` header, the deployment in the path.
 */
export function azureChatCompletionsRoute(deployments: readonly string[] | undefined): FakeModelRoute {
  return {
    api: 'azure-chat-completions',
    view: chatCompletionsView,
    checkKey: keyRejection,
    validate(request) {
      if (request.query['api-version'] === undefined)
        return { status: 404, body: azureErrorBody('404', 'Resource not found') };
      const deployment = azureDeploymentOf(request.path) ?? '';
      if (deployments !== undefined && !deployments.includes(deployment)) {
        return {
          status: 404,
          body: azureErrorBody(
            'DeploymentNotFound',
            'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
          ),
        };
      }
      // Azure takes the model from the deployment, so a body without `model` is fine there.
      return chatCompletionsRoute.validate({ ...request, model: request.model === '' ? deployment : request.model });
    },
    send: (response, request, reply, settings) =>
      sendReply(response, request, reply, { ...settings, leadingChunks: [promptFilterChunk] }),
  };
}

/** Ready-made error replies in Azure OpenAI's own shapes. */
export const fakeAzureOpenAIErrors = {
  /** 429 for a deployment's token rate limit, with the delay Azure asks for in seconds. */
  rateLimit(retryAfterSeconds: number): FakeErrorReply {
    return errorReply(
      429,
      azureErrorBody(
        '429',
        `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-10-21 have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after ${retryAfterSeconds} seconds.`,
      ),
      { 'retry-after': String(retryAfterSeconds), 'retry-after-ms': String(retryAfterSeconds * 1000) },
    );
  },
  /** 400 when Azure's content filter blocks the prompt. */
  contentFilter(): FakeErrorReply {
    return errorReply(
      400,
      azureErrorBody(
        'content_filter',
        "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
        {
          param: 'prompt',
          status: 400,
          innererror: {
            code: 'ResponsibleAIPolicyViolation',
            content_filter_result: { violence: { filtered: true, severity: 'high' } },
          },
        },
      ),
    );
  },
};
