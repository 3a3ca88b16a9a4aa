import { afterEach, describe, expect, it } from 'vitest';
import { APIError } from 'openai';
import { startTestServer, teamYaml } from './server-test-support.js';
import type { TestServer } from './server-test-support.js';

let harness: TestServer | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const wrongKeyTeam = teamYaml.replaceAll('api_key: upstream-key', 'api_key: wrong-key');

describe('runs that cannot answer', () => {
  it('answer 502 with the team failure when every agent fails, without the keys', async () => {
    harness = await startTestServer({ defaultYaml: wrongKeyTeam });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'q' }] }),
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { type: 'server_error', code: 'BACKEND_AUTH', message: expect.stringContaining('could not answer') } });
    expect(text).not.toContain('wrong-key');
  });

  it('end a started stream with an error event that the SDK raises, then [DONE]', async () => {
    harness = await startTestServer({ defaultYaml: wrongKeyTeam });
    const stream = await harness.client.chat.completions.create({ model: 'massgen', stream: true, messages: [{ role: 'user', content: 'q' }] });
    let chunks = 0;
    const failure = await (async () => {
      for await (const chunk of stream) {
        void chunk;
        chunks += 1;
      }
    })().catch((error: unknown) => error);
    expect(chunks).toBeGreaterThan(0);
    expect(failure).toBeInstanceOf(APIError);
    expect(failure).toMatchObject({ message: expect.stringContaining('could not answer') });

    const raw = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'massgen', stream: true, messages: [{ role: 'user', content: 'q' }] }),
    });
    expect(raw.status).toBe(200);
    const events = (await raw.text()).trim().split('\n\n');
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(events.at(-2)?.slice('data: '.length) ?? '')).toMatchObject({ error: { type: 'server_error', code: 'BACKEND_AUTH' } });
  });

  it('answer 500 with the code when the configuration cannot run, and log the details for the operator', async () => {
    harness = await startTestServer({ defaultYaml: 'agent:\n  id: solo\n  backend:\n    type: nosuchprovider\n    model: m\n' });
    for (const stream of [false, true]) {
      const response = await fetch(`${harness.url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'massgen', stream, messages: [{ role: 'user', content: 'q' }] }),
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; code: string } };
      expect(body.error).toMatchObject({ type: 'server_error', code: 'PLUGIN_NOT_FOUND' });
      expect(body.error.message).not.toContain(harness.directory);
    }
    expect(harness.logs.join('\n')).toContain('@massgen/backend-nosuchprovider');
  });
});
