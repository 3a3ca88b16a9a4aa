import { request as httpRequest } from 'node:http';
import type { ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIError, BadRequestError, NotFoundError } from 'openai';
import { startTestServer } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

let harness: TestServer;

beforeAll(async () => {
  harness = await startTestServer({ server: { limits: { maxBodyBytes: 4096 } } });
});

afterAll(async () => {
  await harness.close();
});

/** Posts a JSON body that `write` sends piece by piece, for bodies `fetch` would send whole. */
function postWritten(write: (request: ClientRequest) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${harness.url}/v1/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    // The server may hang up while the rest is still being sent; only its answer matters.
    request.on('error', reject);
    write(request);
  });
}

async function post(
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { error?: Record<string, unknown> }; headers: Headers }> {
  const response = await fetch(`${harness.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: Record<string, unknown> },
    headers: response.headers,
  };
}

const user = { role: 'user', content: 'What is 2+2?' };
const valid = { model: 'massgen', messages: [user] };

describe('bad requests get a 4xx and an OpenAI-shaped error, and never reach the agents', () => {
  const cases: Array<{
    name: string;
    body: string;
    status: number;
    code: string;
    param?: string | null;
    message?: RegExp;
  }> = [
    { name: 'invalid JSON', body: '{"model": "massgen",', status: 400, code: 'invalid_json' },
    { name: 'an empty body', body: '', status: 400, code: 'missing_body' },
    { name: 'a JSON array', body: '[1,2]', status: 400, code: 'invalid_type', param: null },
    {
      name: 'a model that is not a string',
      body: JSON.stringify({ ...valid, model: 7 }),
      status: 400,
      code: 'invalid_type',
      param: 'model',
    },
    {
      name: 'missing messages',
      body: JSON.stringify({ model: 'massgen' }),
      status: 400,
      code: 'missing_required_parameter',
      param: 'messages',
      message: /Missing required parameter: 'messages'/,
    },
    {
      name: 'no messages',
      body: JSON.stringify({ ...valid, messages: [] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages',
    },
    {
      name: 'messages that are not an array',
      body: JSON.stringify({ ...valid, messages: 'hi' }),
      status: 400,
      code: 'invalid_type',
      param: 'messages',
    },
    {
      name: 'content of the wrong type',
      body: JSON.stringify({ ...valid, messages: [{ role: 'user', content: 42 }] }),
      status: 400,
      code: 'invalid_type',
      param: 'messages[0].content',
    },
    {
      name: 'an unknown role',
      body: JSON.stringify({ ...valid, messages: [{ role: 'robot', content: 'x' }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].role',
    },
    {
      name: 'a user message without content',
      body: JSON.stringify({ ...valid, messages: [{ role: 'user' }] }),
      status: 400,
      code: 'missing_required_parameter',
      param: 'messages[0].content',
    },
    {
      name: 'an assistant message last',
      body: JSON.stringify({ ...valid, messages: [user, { role: 'assistant', content: '4' }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[1].role',
    },
    {
      name: 'an empty task',
      body: JSON.stringify({ ...valid, messages: [{ role: 'user', content: '  ' }] }),
      status: 400,
      code: 'invalid_value',
      param: 'messages[0].content',
    },
    {
      name: 'a tool result',
      body: JSON.stringify({ ...valid, messages: [{ role: 'tool', content: 'x', tool_call_id: 'c' }, user] }),
      status: 400,
      code: 'unsupported_role',
      param: 'messages[0].role',
    },
    {
      name: 'an image part outside a user message',
      body: JSON.stringify({
        ...valid,
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image_url', image_url: { url: 'http://x/y.png' } },
            ],
          },
          user,
        ],
      }),
      status: 400,
      code: 'unsupported_content',
      param: 'messages[0].content[1]',
    },
    {
      name: 'stream that is not a boolean',
      body: JSON.stringify({ ...valid, stream: 'yes' }),
      status: 400,
      code: 'invalid_type',
      param: 'stream',
    },
    {
      name: 'several choices',
      body: JSON.stringify({ ...valid, n: 3 }),
      status: 400,
      code: 'invalid_value',
      param: 'n',
    },
    {
      name: 'a temperature that is not a number',
      body: JSON.stringify({ ...valid, temperature: 'hot' }),
      status: 400,
      code: 'invalid_type',
      param: 'temperature',
    },
    {
      name: 'a client tool named like a workflow tool',
      body: JSON.stringify({
        ...valid,
        tools: [
          { type: 'function', function: { name: 'lookup' } },
          { type: 'function', function: { name: 'vote' } },
        ],
      }),
      status: 400,
      code: 'reserved_tool_name',
      param: 'tools[1].function.name',
    },
    {
      name: 'an unknown model',
      body: JSON.stringify({ ...valid, model: 'gpt-4o' }),
      status: 404,
      code: 'model_not_found',
      param: 'model',
      message: /"gpt-4o" does not exist.*"massgen"/,
    },
    {
      name: 'a body over the size limit',
      body: JSON.stringify({ ...valid, messages: [{ role: 'user', content: 'x'.repeat(5000) }] }),
      status: 413,
      code: 'request_too_large',
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.name}`, async () => {
      const response = await post(testCase.body);
      expect(response.status).toBe(testCase.status);
      expect(response.body.error).toMatchObject({
        type: 'invalid_request_error',
        code: testCase.code,
        message: expect.any(String),
      });
      if (testCase.param !== undefined) expect(response.body.error?.['param']).toBe(testCase.param);
      if (testCase.message !== undefined) expect(response.body.error?.['message']).toMatch(testCase.message);
      expect(harness.upstream.requests).toHaveLength(0);
    });
  }

  it('refuses a chunked body that grows past the limit without a length announced', async () => {
    const { status, body } = await postWritten((request) => {
      request.write('{"model":"massgen","messages":[{"role":"user","content":"');
      request.write('y'.repeat(8000));
      request.end('"}]}');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'request_too_large' } });
  });

  it('reads a body that arrives in pieces, whichever packets they come in', async () => {
    const { status, body } = await postWritten((request) => {
      request.flushHeaders();
      request.write('{"model":"mass');
      // The rest follows once the first piece has gone, so the server sees the body incomplete first.
      setImmediate(() => request.end('gen"}'));
    });
    // The whole body was read: the complaint is about what it lacks, not about broken JSON.
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'missing_required_parameter', param: 'messages' } });
  });

  it('refuses a compressed body', async () => {
    const response = await post(JSON.stringify(valid), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(415);
    expect(response.body.error).toMatchObject({ code: 'unsupported_content_encoding' });
  });

  it('answers wrong methods with 405 and unknown paths with 404', async () => {
    const get = await fetch(`${harness.url}/v1/chat/completions`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    const unknown = await fetch(`${harness.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'unknown_url' } });
    expect((await fetch(`${harness.url}/v1/models/massgen%2Fnope`)).status).toBe(404);
  });

  it('raises the SDK error classes a client expects', async () => {
    await expect(
      harness.client.chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'q' }] }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const error = await harness.client.chat.completions
      .create({ model: 'massgen', messages: [] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'messages', type: 'invalid_request_error' });
    expect(error).toBeInstanceOf(APIError);
  });
});
