import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APIError } from 'openai';
import { parseConfig } from '@massgen/config';
import { createMassGenServer } from './create-server.js';
import { ModelRegistry } from './model-registry.js';
import { teamYaml, useTestServers } from './server-test-support.js';

const startServer = useTestServers();

const wrongKeyTeam = teamYaml.replaceAll('api_key: upstream-key', 'api_key: wrong-key');

describe('runs that cannot answer', () => {
  it('answer 502 with the team failure when every agent fails, without the keys', async () => {
    const harness = await startServer({ defaultYaml: wrongKeyTeam });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'q' }] }),
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      error: { type: 'server_error', code: 'BACKEND_AUTH', message: expect.stringContaining('could not answer') },
    });
    expect(text).not.toContain('wrong-key');
  });

  it('end a started stream with an error event that the SDK raises, then [DONE]', async () => {
    const harness = await startServer({ defaultYaml: wrongKeyTeam });
    const stream = await harness.client.chat.completions.create({
      model: 'massgen',
      stream: true,
      messages: [{ role: 'user', content: 'q' }],
    });
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
    expect(JSON.parse(events.at(-2)?.slice('data: '.length) ?? '')).toMatchObject({
      error: { type: 'server_error', code: 'BACKEND_AUTH' },
    });
  });

  it('answer 500 with the code when a run cannot start, and log the details for the operator', async () => {
    const harness = await startServer({ defaultYaml: `${teamYaml}orchestrator:\n  strategy: nosuchstrategy\n` });
    for (const stream of [false, true]) {
      const response = await fetch(`${harness.url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'massgen', stream, messages: [{ role: 'user', content: 'q' }] }),
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; code: string } };
      expect(body.error).toMatchObject({ type: 'server_error', code: 'CONFIG_INVALID' });
      expect(body.error.message).not.toContain(harness.directory);
    }
    expect(harness.logs.join('\n')).toContain('nosuchstrategy');
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

describe('a configuration whose backends cannot be created', () => {
  it('stops the server from starting, naming the model', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'massgen-server-start-'));
    try {
      const config = parseConfig('agent:\n  id: solo\n  backend:\n    type: nosuchprovider\n    model: m\n', {
        baseDir: directory,
        env: {},
      });
      const server = createMassGenServer({
        models: new ModelRegistry({ namedConfigs: { broken: config } }),
        run: { cwd: directory, record: false },
      });
      await expect(server.listen({ port: 0 })).rejects.toMatchObject({
        code: 'PLUGIN_NOT_FOUND',
        message: expect.stringMatching(/^Model "massgen\/broken" cannot run: .*@massgen\/backend-nosuchprovider/),
      });
      expect(server.http.listening).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
