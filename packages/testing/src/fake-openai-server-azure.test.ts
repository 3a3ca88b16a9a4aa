import OpenAI, { AzureOpenAI } from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { useFakeServer } from './use-fake-server.js';
import { fakeAzureOpenAIErrors } from './fake-azure-openai-route.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';

const server = useFakeServer(() => createFakeOpenAIServer({ apiKey: 'azure-key', azureDeployments: ['gpt4o-prod'] }));

function azureClient(options: { apiKey?: string; deployment?: string } = {}): AzureOpenAI {
  return new AzureOpenAI({
    baseURL: `${server.origin}/openai`,
    apiKey: options.apiKey ?? 'azure-key',
    apiVersion: '2024-10-21',
    deployment: options.deployment ?? 'gpt4o-prod',
    maxRetries: 0,
  });
}

const messages = [{ role: 'user' as const, content: 'Hello' }];

describe('fake Azure OpenAI route', () => {
  it('serves the deployment path with the api-key header and the api-version query', async () => {
    server.enqueue({ type: 'text', text: 'Hi from Azure.' });
    const completion = await azureClient().chat.completions.create({ model: 'gpt-4o', messages });
    expect(completion.choices[0]?.message.content).toBe('Hi from Azure.');
    const [request] = server.requests;
    expect(request).toMatchObject({
      api: 'azure-chat-completions',
      path: '/openai/deployments/gpt4o-prod/chat/completions',
      query: { 'api-version': '2024-10-21' },
    });
    expect(request?.headers['api-key']).toBe('azure-key');
    expect(request?.headers['authorization']).toBeUndefined();
  });

  it('opens a stream with the prompt filter chunk, which has no choices', async () => {
    server.enqueue({ type: 'text', text: 'Streamed.' });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of await azureClient().chat.completions.create({ model: 'gpt-4o', messages, stream: true }))
      chunks.push(chunk);
    expect(chunks[0]?.choices).toEqual([]);
    expect(chunks[0]).toHaveProperty('prompt_filter_results');
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Streamed.');
  });

  it('refuses a wrong key, an unknown deployment and a missing api-version in Azure’s words', async () => {
    await expect(
      azureClient({ apiKey: 'wrong' }).chat.completions.create({ model: 'gpt-4o', messages }),
    ).rejects.toMatchObject({
      status: 401,
      code: '401',
      message: expect.stringContaining('Access denied due to invalid subscription key'),
    });
    await expect(
      azureClient({ deployment: 'missing' }).chat.completions.create({ model: 'gpt-4o', messages }),
    ).rejects.toMatchObject({
      status: 404,
      code: 'DeploymentNotFound',
    });
    const response = await fetch(`${server.origin}/openai/deployments/gpt4o-prod/chat/completions`, {
      method: 'POST',
      headers: { 'api-key': 'azure-key', 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: '404', message: 'Resource not found' } });
  });

  it('sends Azure-shaped rate limits and content filter errors', async () => {
    server.enqueue(fakeAzureOpenAIErrors.rateLimit(6), fakeAzureOpenAIErrors.contentFilter());
    const limited = await azureClient()
      .chat.completions.create({ model: 'gpt-4o', messages })
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('6');
    await expect(azureClient().chat.completions.create({ model: 'gpt-4o', messages })).rejects.toMatchObject({
      status: 400,
      code: 'content_filter',
    });
  });
});
