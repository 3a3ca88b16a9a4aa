import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { createWebServer } from './web-server.js';
import type { WebServer } from './web-server.js';

let directory: string;
let server: WebServer;
let url: string;
const runId = '2026-01-01T00-00-00-000Z-abcdef';

const events: RunEvent[] = [
  { type: 'run-start', task: 'q', strategy: 'vote', agents: [{ id: 'a', provider: 'p', modelId: 'm' }] },
  { type: 'round', round: 1 },
  { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'Four' },
  { type: 'run-end', stopReason: 'consensus' },
].map((event, seq) => ({ ...event, runId, seq, time: 1000 + seq }) as RunEvent);

/** A raw request, so the Host and Origin headers are what the test says. */
function send(
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(urlPath, url);
    const outgoing = httpRequest(
      { host: target.hostname, port: target.port, path: urlPath, method, headers: { host: target.host, ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-web-server-'));
  const run = path.join(directory, '.massgen/runs', runId);
  mkdirSync(run, { recursive: true });
  writeFileSync(path.join(run, 'events.jsonl'), events.map((event) => `${JSON.stringify(event)}\n`).join(''));
  writeFileSync(
    path.join(run, 'status.json'),
    JSON.stringify({
      runId,
      state: 'finished',
      task: 'q',
      strategy: 'vote',
      startedAt: new Date(1000).toISOString(),
      updatedAt: new Date(1003).toISOString(),
      round: 1,
      agents: {},
      answers: [],
    }),
  );
  const assets = path.join(directory, 'assets');
  mkdirSync(assets);
  writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(path.join(directory, 'secret.txt'), 'not for the page');
  server = createWebServer({ cwd: directory, configs: [], assetsDirectory: assets });
  url = await server.listen();
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('the web server', () => {
  it('serves the page with a policy that lets it load nothing from elsewhere', async () => {
    const response = await fetch(url);
    expect(await response.text()).toContain('<title>page</title>');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
  });

  it('serves nothing outside the page directory, however the path is spelled', async () => {
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
    ])
      expect((await send('GET', attempt)).body, attempt).not.toContain('not for the page');
  });

  it('refuses another host name (DNS rebinding) and a cross-site request that would change something', async () => {
    expect((await send('GET', '/api/runs', { host: 'evil.example:80' })).status).toBe(403);
    const crossSite = await send(
      'POST',
      '/api/runs',
      { origin: 'http://evil.example', 'content-type': 'application/json' },
      '{}',
    );
    expect(crossSite.status).toBe(403);
    const form = await send('POST', '/api/runs', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b');
    expect(form.status).toBe(415);
  });

  it('lists recorded runs with their state, winner, cost and duration', async () => {
    const body = (await (await fetch(`${url}/api/runs`)).json()) as { runs: Array<Record<string, unknown>> };
    expect(body.runs).toEqual([
      expect.objectContaining({ runId, task: 'q', state: 'finished', durationMs: 3, controllable: false }),
    ]);
  });

  it('streams a recorded run, and a reconnecting reader gets only the events after its last one', async () => {
    const all = await (await fetch(`${url}/api/runs/${runId}/events`)).text();
    expect([...all.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual([0, 1, 2, 3]);
    expect(all.trimEnd().endsWith('event: end\ndata: {}')).toBe(true);
    const resumed = await (
      await fetch(`${url}/api/runs/${runId}/events`, { headers: { 'last-event-id': '1' } })
    ).text();
    expect([...resumed.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual([2, 3]);
    const after = await (await fetch(`${url}/api/runs/${runId}/events?after=2`)).text();
    expect([...after.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))).toEqual([3]);
  });

  it('says which run is unknown, and that a run started elsewhere is steered from its terminal', async () => {
    const unknown = await send('GET', '/api/runs/nope/events');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('No run \\"nope\\" is recorded');
    expect((await send('GET', '/api/runs/..%2f..%2fetc')).status).toBe(404);
    const steer = await send('POST', `/api/runs/${runId}/answer-now`, { 'content-type': 'application/json' }, '{}');
    expect(steer.status).toBe(409);
    expect(steer.body).toContain('press a for an answer now');
    const json = { 'content-type': 'application/json' };
    const message = await send('POST', `/api/runs/${runId}/messages`, json, JSON.stringify({ content: 'Be brief.' }));
    expect(message.status).toBe(409);
    expect(message.body).toContain('m for a message');
    const empty = await send('POST', `/api/runs/${runId}/messages`, json, JSON.stringify({ content: '' }));
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('invalid_message');
  });

  it('starts only the configurations it offers', async () => {
    const started = await send(
      'POST',
      '/api/runs',
      { 'content-type': 'application/json' },
      JSON.stringify({ configId: '/etc/passwd', question: 'q' }),
    );
    expect(started.status).toBe(400);
    expect(started.body).toContain('no configuration');
  });
});
