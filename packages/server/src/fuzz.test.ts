import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soloYaml, startTestServer } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const apiKey = 'fuzz-key';
const keys = [
  'model',
  'messages',
  'stream',
  'stream_options',
  'include_usage',
  'role',
  'content',
  'tools',
  'type',
  'function',
  'name',
  'text',
  'n',
  'temperature',
  'max_tokens',
  '__proto__',
  'constructor',
  '',
];
const words = [
  'massgen',
  'massgen/solo',
  'user',
  'assistant',
  'system',
  'tool',
  'text',
  'image_url',
  'vote',
  'new_answer',
  '',
  ' ',
  'ünï©ødé 🎲',
  '\u0000',
  '<task>',
  '../../etc/passwd',
  'x'.repeat(300),
];
const valid = { model: 'massgen', messages: [{ role: 'user', content: 'What is 2+2?' }] };

function pick<Item>(random: () => number, items: readonly Item[]): Item {
  return items[Math.floor(random() * items.length)] as Item;
}

function randomValue(random: () => number, depth: number): unknown {
  const roll = random();
  if (depth <= 0 || roll < 0.35) {
    const scalars: Array<() => unknown> = [
      () => pick(random, words),
      () => Math.floor(random() * 2 ** 40) - 2 ** 39,
      () => random() * 10,
      () => random() < 0.5,
      () => null,
      () => -0,
    ];
    return pick(random, scalars)();
  }
  if (roll < 0.65) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 5) }, () => [pick(random, keys), randomValue(random, depth - 1)]),
  );
}

/** A valid request with one part replaced, removed or wrapped, so fuzzing reaches deep fields. */
function mutatedRequest(random: () => number): unknown {
  const request = structuredClone(valid) as Record<string, unknown>;
  const paths: Array<(value: unknown) => void> = [
    (value) => (request['model'] = value),
    (value) => (request['messages'] = value),
    (value) => ((request['messages'] as Array<Record<string, unknown>>)[0]!['content'] = value),
    (value) => ((request['messages'] as Array<Record<string, unknown>>)[0]!['role'] = value),
    (value) => (request['messages'] as unknown[]).unshift(value),
    (value) => (request['stream'] = value),
    (value) => (request['stream_options'] = value),
    (value) => (request['tools'] = [value]),
    (value) => (request['n'] = value),
    () => delete request[pick(random, ['model', 'messages'])],
  ];
  pick(random, paths)(randomValue(random, 3));
  return request;
}

function randomBody(random: () => number): Buffer {
  const roll = random();
  if (roll < 0.45) return Buffer.from(JSON.stringify(mutatedRequest(random)));
  if (roll < 0.7) return Buffer.from(JSON.stringify(randomValue(random, 4)));
  if (roll < 0.85) {
    const text = JSON.stringify(mutatedRequest(random));
    return Buffer.from(text.slice(0, Math.floor(random() * text.length)));
  }
  return Buffer.from(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256)));
}

function randomHeaders(random: () => number): Record<string, string> {
  const headers: Record<string, string> = {};
  if (random() < 0.8)
    headers['authorization'] =
      random() < 0.85
        ? `Bearer ${apiKey}`
        : pick(random, ['Bearer', 'Basic Zm9vOmJhcg==', `bearer ${apiKey}x`, 'Bearer  ', '']);
  if (random() < 0.7)
    headers['content-type'] = pick(random, [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '*/*',
    ]);
  if (random() < 0.1) headers['content-encoding'] = pick(random, ['gzip', 'identity', 'br', 'x-unknown']);
  if (random() < 0.2) headers['accept'] = pick(random, ['text/event-stream', 'application/json', '*/*']);
  if (random() < 0.1) headers['x-massgen-anything'] = pick(random, ['1', 'true', 'serve']);
  return headers;
}

interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          body: text,
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

function sendRaw(url: string, bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.end(bytes);
  });
}

let harness: TestServer;

beforeAll(async () => {
  harness = await startTestServer({
    defaultYaml: soloYaml,
    apiKey,
    server: { run: { passthrough: true }, limits: { maxBodyBytes: 64 * 1024 } },
  });
});

afterAll(async () => {
  await harness.close();
});

describe('fuzzing the server with seeded random requests', () => {
  it('answers every request with a success or an OpenAI-shaped 4xx, then still serves a good request', async () => {
    const random = seededRandom(20_260_806);
    const statuses = new Map<number, number>();
    for (let index = 0; index < 300; index += 1) {
      const method = random() < 0.85 ? 'POST' : pick(random, ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
      const path =
        random() < 0.9
          ? '/v1/chat/completions'
          : pick(random, [
              '/v1/models',
              '/health',
              '/v1/models/massgen',
              '/v1/completions',
              '/%zz',
              '/v1/chat/completions?stream=true',
              '//v1//chat',
            ]);
      const body = method === 'GET' ? undefined : randomBody(random);
      const response = await send(harness.url, method, path, randomHeaders(random), body);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const context = `case ${index}: ${method} ${path} → ${response.status} ${response.body.slice(0, 200)}`;
      expect(response.status < 500, context).toBe(true);
      if (response.status >= 400) {
        expect(response.contentType, context).toContain('application/json');
        const parsed = JSON.parse(response.body) as { error: Record<string, unknown> };
        expect(parsed.error, context).toMatchObject({ message: expect.any(String), type: expect.any(String) });
        expect(parsed.error, context).toHaveProperty('param');
        expect(parsed.error, context).toHaveProperty('code');
      }
    }
    // The generator must reach both sides: refusals of many kinds and accepted requests.
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThanOrEqual(3);
    expect(statuses.has(200)).toBe(true);

    const completion = await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'Still there?' }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    await harness.server.idle();
    expect(harness.server.activeRuns).toBe(0);
  });

  it('answers malformed HTTP with 4xx and hangs up, then still serves a good request', async () => {
    const random = seededRandom(7);
    const garbage: Buffer[] = [
      Buffer.from('\u0001\u0002 not http at all\r\n\r\n'),
      Buffer.from('POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}'),
      Buffer.from(
        'POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      ),
      Buffer.from(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      Buffer.from('GET /health HTTP/1.1\r\nBad Header Name: x\r\n\r\n'),
      ...Array.from({ length: 20 }, () =>
        Buffer.from([
          0x01,
          ...Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.floor(random() * 256)),
        ]),
      ),
    ];
    for (const [index, bytes] of garbage.entries()) {
      const received = await sendRaw(harness.url, bytes);
      expect(received, `raw case ${index}`).toMatch(/^HTTP\/1\.1 4\d\d [^\r]*\r\ncontent-type: application\/json/);
    }
    const health = await fetch(`${harness.url}/health`);
    expect(health.status).toBe(200);
    const completion = await harness.client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'Still there?' }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
  });
});
