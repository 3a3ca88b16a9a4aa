import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { createDeferred, createTeamResponder, samplePng } from '@massgen/testing';
import { cliBin } from './run-cli.js';
import { startServe as startServeIn, stopServes } from './serve-process.js';
import type { ServeProcess } from './serve-process.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const serverKey = 'serve-test-key';
const curlPath = ['/usr/bin/curl', '/usr/local/bin/curl', '/bin/curl'].find((candidate) => existsSync(candidate));

const setup = useFakeServerDirectory('serve', {
  server: () => ({
    apiKey: 'upstream-key',
    responder: createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }),
  }),
});
beforeEach(() => {
  const agents = ['a', 'b']
    .map(
      (name) =>
        `  - id: agent-${name}\n    backend:\n      type: chatcompletion\n      model: model-${name}\n      base_url: "${setup.server.url}"\n      api_key: upstream-key\n`,
    )
    .join('');
  writeFileSync(path.join(setup.directory, 'team.yaml'), `agents:\n${agents}`);
  mkdirSync(path.join(setup.directory, 'teams'));
  writeFileSync(
    path.join(setup.directory, 'teams', 'solo.yaml'),
    `agent:\n  id: solo\n  backend:\n    type: chatcompletion\n    model: solo-model\n    base_url: "${setup.server.url}"\n    api_key: upstream-key\n`,
  );
});

afterEach(async () => {
  await stopServes();
});

/** The built `massgen serve`, started in the test's directory. */
function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  return startServeIn(setup.directory, args, env);
}

/** The content of a chat completion asked for as a stream, its chunks joined. */
async function streamedContent(
  client: OpenAI,
  body: Omit<ChatCompletionCreateParamsStreaming, 'stream'>,
): Promise<string> {
  const stream = await client.chat.completions.create({ ...body, stream: true });
  let content = '';
  for await (const chunk of stream) content += chunk.choices[0]?.delta?.content ?? '';
  return content;
}

function runCurl(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      curlPath ?? 'curl',
      ['--silent', '--show-error', ...args],
      { encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number((error as { code?: number }).code ?? 1), stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

describe('massgen serve', () => {
  it('serves the team and the named configurations to the official openai client, streaming and not', async () => {
    const server = await startServe(['--config', 'team.yaml', '--config-dir', 'teams'], {
      MASSGEN_SERVER_API_KEY: serverKey,
    });
    expect(server.stderr()).toContain('Models: massgen, massgen/solo; API key required');
    expect(server.stderr()).not.toContain(serverKey);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: serverKey, maxRetries: 0 });

    expect((await client.models.list()).data.map((model) => model.id)).toEqual(['massgen', 'massgen/solo']);
    const completion = await client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect((completion as { massgen?: { stop_reason: string } }).massgen?.stop_reason).toBe('consensus');

    const content = await streamedContent(client, {
      model: 'massgen/solo',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    expect(content).toBe('The answer is 4.');

    // Runs are recorded in the directory the server was started from.
    expect(readdirSync(path.join(setup.directory, '.massgen', 'runs'))).toHaveLength(2);
    await expect(
      new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'wrong', maxRetries: 0 }).models.list(),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('passes an image_url data URL from the official openai client to every agent, and refuses too many', async () => {
    const server = await startServe(['--config', 'team.yaml', '--no-record', '--max-attachments', '2']);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const png = samplePng({ rgb: [0, 160, 60] });
    const image = { type: 'image_url' as const, image_url: { url: `data:image/png;base64,${png.toString('base64')}` } };
    const completion = await client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What colour is it?' }, image] }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect(new Set(setup.server.requests.map((request) => request.model))).toEqual(new Set(['model-a', 'model-b']));
    for (const request of setup.server.requests) {
      expect(request.media).toEqual([{ kind: 'image', mediaType: 'image/png', bytes: png }]);
    }
    const calls = setup.server.requests.length;
    await expect(
      client.chat.completions.create({
        model: 'massgen',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Compare.' }, image, image, image] }],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'too_many_attachments', param: 'messages[0].content[3]' });
    expect(setup.server.requests).toHaveLength(calls);
  });

  it('answers a single agent in one upstream call with --passthrough', async () => {
    const server = await startServe(['--config-dir', 'teams', '--passthrough', '--no-record']);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'massgen/solo',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    expect(completion.choices[0]?.message.content).toBe('The answer is 4.');
    expect(setup.server.requests).toHaveLength(1);
    expect(existsSync(path.join(setup.directory, '.massgen'))).toBe(false);
  });

  it('lists a vote a later answer made out of date in massgen.votes, marked stale', async () => {
    const team = createTeamResponder({ answer: (request) => `Four, says ${request.model}.`, finalText: 'Four.' });
    const firstVote = createDeferred<void>();
    setup.server.setResponder(async (request, context) => {
      const first = !JSON.stringify(request.messages).includes(`Four, says ${request.model}.`);
      if (request.model === 'model-b' && first && request.tools.length > 0) await firstVote.promise;
      return team(request, context);
    });
    const server = await startServe(['--config', 'team.yaml', '--no-record']);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'massgen',
      stream: true,
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    let metadata: { votes: Array<{ voter_agent_id: string; stale: boolean; round: number }> } | undefined;
    for await (const chunk of stream) {
      const extension = (chunk as { massgen?: { event?: { type: string }; votes?: unknown } }).massgen;
      // agent-b answers only once agent-a has voted for agent-a's answer, which makes that vote out of date.
      if (extension?.event?.type === 'vote') firstVote.resolve();
      if (extension?.votes !== undefined) metadata = extension as typeof metadata;
    }
    expect(metadata?.votes).toContainEqual(expect.objectContaining({ voter_agent_id: 'agent-a', stale: true }));
    expect(metadata?.votes.filter((vote) => !vote.stale)).toHaveLength(2);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const server = await startServe(['--config', 'team.yaml']);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain('Stopping');
  });

  it('explains itself, and exits 1 when there is nothing to serve or the port is taken', async () => {
    const help = await new Promise<string>((resolve) =>
      execFile(process.execPath, [cliBin, 'serve', '--help'], { encoding: 'utf8' }, (_error, stdout) =>
        resolve(stdout),
      ),
    );
    for (const flag of [
      '--host',
      '--port',
      '--config',
      '--config-dir',
      '--api-key',
      '--passthrough',
      'MASSGEN_SERVER_API_KEY',
    ])
      expect(help).toContain(flag);

    const nothing = spawn(process.execPath, [cliBin, 'serve'], {
      cwd: setup.directory,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nothingStderr = '';
    nothing.stderr.setEncoding('utf8').on('data', (chunk: string) => (nothingStderr += chunk));
    expect(await new Promise((resolve) => nothing.on('close', resolve))).toBe(1);
    expect(nothingStderr).toContain('Nothing to serve');

    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const taken = spawn(process.execPath, [cliBin, 'serve', '--config', 'team.yaml', '--port', String(port)], {
      cwd: setup.directory,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let takenStderr = '';
    taken.stderr.setEncoding('utf8').on('data', (chunk: string) => (takenStderr += chunk));
    expect(await new Promise((resolve) => taken.on('close', resolve))).toBe(1);
    expect(takenStderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);

    // Off loopback without a key it refuses before listening, as `massgen web` does.
    const exposed = spawn(process.execPath, [cliBin, 'serve', '--config', 'team.yaml', '--host', '0.0.0.0'], {
      cwd: setup.directory,
      env: { ...process.env, MASSGEN_SERVER_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let exposedOutput = '';
    exposed.stdout.setEncoding('utf8').on('data', (chunk: string) => (exposedOutput += chunk));
    exposed.stderr.setEncoding('utf8').on('data', (chunk: string) => (exposedOutput += chunk));
    expect(await new Promise((resolve) => exposed.on('close', resolve))).toBe(1);
    expect(exposedOutput).toContain('Listening on 0.0.0.0 needs an API key (--api-key or MASSGEN_SERVER_API_KEY)');
    expect(exposedOutput).not.toContain('http://');
    await new Promise((resolve) => blocker.close(resolve));
  });
});

describe.skipIf(curlPath === undefined)(
  `massgen serve with plain curl${curlPath === undefined ? ' (skipped: curl is not installed)' : ''}`,
  () => {
    it('streams server-sent events ending with data: [DONE], and answers JSON without streaming', async () => {
      const server = await startServe(['--config', 'team.yaml', '--no-record'], { MASSGEN_SERVER_API_KEY: serverKey });
      const headers = ['-H', `Authorization: Bearer ${serverKey}`, '-H', 'Content-Type: application/json'];
      const streamed = await runCurl(
        ['-N', '-D', '-', ...headers, '--data-binary', '@-', `${server.url}/v1/chat/completions`],
        JSON.stringify({ model: 'massgen', stream: true, messages: [{ role: 'user', content: 'What is 2+2?' }] }),
      );
      expect(streamed.code).toBe(0);
      const [head = '', body = ''] = streamed.stdout.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head.toLowerCase()).toContain('content-type: text/event-stream');
      expect(head.toLowerCase()).toContain('cache-control: no-cache');
      expect(head.toLowerCase()).toContain('x-accel-buffering: no');
      const events = body.trim().split('\n\n');
      expect(events.every((event) => event.startsWith('data: '))).toBe(true);
      expect(events.at(-1)).toBe('data: [DONE]');
      const chunks = events.slice(0, -1).map(
        (event) =>
          JSON.parse(event.slice('data: '.length)) as {
            object: string;
            choices: Array<{ delta: { content?: string } }>;
          },
      );
      expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
      expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('The answer is 4.');

      const plain = await runCurl(
        [...headers, '--data-binary', '@-', `${server.url}/v1/chat/completions`],
        JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'What is 2+2?' }] }),
      );
      expect(JSON.parse(plain.stdout)).toMatchObject({
        object: 'chat.completion',
        choices: [{ message: { content: 'The answer is 4.' } }],
        usage: { total_tokens: expect.any(Number) },
      });
    });

    it('gets OpenAI-shaped 4xx errors for a bad body, a missing key and an unknown model', async () => {
      const server = await startServe(['--config', 'team.yaml', '--no-record'], { MASSGEN_SERVER_API_KEY: serverKey });
      const auth = ['-H', `Authorization: Bearer ${serverKey}`];
      /** Posts `body` with curl, which prints the HTTP status after the response body. */
      const post = async (body: string, headers: string[]) => {
        const { stdout } = await runCurl([
          '-w',
          '\n%{http_code}',
          ...headers,
          '-d',
          body,
          `${server.url}/v1/chat/completions`,
        ]);
        const index = stdout.lastIndexOf('\n');
        return {
          body: JSON.parse(stdout.slice(0, index)) as { error: { code: string } },
          code: Number(stdout.slice(index + 1)),
        };
      };
      const badJson = await post('{"model": "massgen", "messages": [', auth);
      expect(badJson).toMatchObject({ code: 400, body: { error: { code: 'invalid_json' } } });
      const noKey = await post('{}', []);
      expect(noKey).toMatchObject({ code: 401, body: { error: { code: 'invalid_api_key' } } });
      const unknown = await post('{"model":"gpt-4o","messages":[{"role":"user","content":"q"}]}', auth);
      expect(unknown).toMatchObject({ code: 404, body: { error: { code: 'model_not_found' } } });
      expect(setup.server.requests).toHaveLength(0);
    });
  },
);

describe.skipIf(curlPath === undefined)(
  `massgen serve with a session id${curlPath === undefined ? ' (skipped: curl is not installed)' : ''}`,
  () => {
    it('continues a conversation across requests that send only the new message (header, metadata, user)', async () => {
      const server = await startServe(['--config', 'team.yaml'], { MASSGEN_SERVER_API_KEY: serverKey });
      const headers = ['-H', `Authorization: Bearer ${serverKey}`, '-H', 'Content-Type: application/json'];
      const first = await runCurl(
        [
          '-D',
          '-',
          ...headers,
          '-H',
          'X-MassGen-Session: chat-1',
          '--data-binary',
          '@-',
          `${server.url}/v1/chat/completions`,
        ],
        JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'What is 2+2?' }] }),
      );
      const [head = '', body = ''] = first.stdout.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      expect(head.toLowerCase()).toContain('x-massgen-session: chat-1');
      expect(JSON.parse(body)).toMatchObject({ choices: [{ message: { content: 'The answer is 4.' } }] });

      const upstreamBefore = setup.server.requests.length;
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: serverKey, maxRetries: 0 });
      const second = await client.chat.completions.create({
        model: 'massgen',
        metadata: { session_id: 'chat-1' },
        messages: [{ role: 'user', content: 'And doubled?' }],
      });
      expect(second.choices[0]?.message.content).toBe('The answer is 4.');
      const secondRun = setup.server.requests.slice(upstreamBefore).map((request) => JSON.stringify(request.messages));
      expect(secondRun.length).toBeGreaterThan(0);
      for (const messages of secondRun) {
        expect(messages).toContain('What is 2+2?');
        expect(messages).toContain('The answer is 4.');
        expect(messages).toContain('And doubled?');
      }

      const thirdBefore = setup.server.requests.length;
      const text = await streamedContent(client, {
        model: 'massgen',
        user: 'chat-1',
        messages: [{ role: 'user', content: 'And halved?' }],
      });
      expect(text).toBe('The answer is 4.');
      for (const request of setup.server.requests.slice(thirdBefore))
        expect(JSON.stringify(request.messages)).toContain('And doubled?');

      // A request without a session id is a conversation of its own.
      const aloneBefore = setup.server.requests.length;
      await client.chat.completions.create({ model: 'massgen', messages: [{ role: 'user', content: 'Alone?' }] });
      for (const request of setup.server.requests.slice(aloneBefore))
        expect(JSON.stringify(request.messages)).not.toContain('What is 2+2?');

      // The session is the terminal's too: massgen sessions lists it with its three turns.
      const listed = await new Promise<string>((resolve) =>
        execFile(
          process.execPath,
          [cliBin, 'sessions', '--json'],
          { cwd: setup.directory, encoding: 'utf8' },
          (_, stdout) => resolve(stdout),
        ),
      );
      expect(JSON.parse(listed)).toEqual([
        expect.objectContaining({ id: 'chat-1', turns: 3, firstQuestion: 'What is 2+2?' }),
      ]);
    });

    it('refuses a session id that is not one, and any session when runs are not recorded', async () => {
      const server = await startServe(['--config', 'team.yaml', '--no-record'], { MASSGEN_SERVER_API_KEY: serverKey });
      const headers = ['-H', `Authorization: Bearer ${serverKey}`, '-H', 'Content-Type: application/json'];
      const ask = async (extra: string[], body: Record<string, unknown>) => {
        const result = await runCurl(
          [...headers, ...extra, '-w', '\n%{http_code}', '--data-binary', '@-', `${server.url}/v1/chat/completions`],
          JSON.stringify({ model: 'massgen', messages: [{ role: 'user', content: 'Q?' }], ...body }),
        );
        const index = result.stdout.lastIndexOf('\n');
        return {
          status: Number(result.stdout.slice(index + 1)),
          error: (JSON.parse(result.stdout.slice(0, index)) as { error: { message: string; param: string | null } })
            .error,
        };
      };
      const traversal = await ask([], { metadata: { session_id: '../../etc' } });
      expect(traversal.status).toBe(400);
      expect(traversal.error).toMatchObject({
        param: 'metadata.session_id',
        message: expect.stringContaining('Invalid session id'),
      });
      const unrecorded = await ask(['-H', 'X-MassGen-Session: chat-2'], {});
      expect(unrecorded.status).toBe(400);
      expect(unrecorded.error.message).toContain('This server keeps no sessions');
      expect(setup.server.requests).toHaveLength(0);
      expect(existsSync(path.join(setup.directory, '.massgen'))).toBe(false);
    });
  },
);

describe('massgen serve with a cited answer', () => {
  it("keeps the winning answer's sources in the final response, streaming and not", async () => {
    setup.server.setResponder(async (request, context) => {
      const reply = await createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' })(request, context);
      if (reply.type !== 'tool-calls' || !reply.calls.some((call) => call.name === 'new_answer')) return reply;
      const sources = [{ url: 'https://example.com/arithmetic' }];
      return { ...reply, serverTools: [{ type: 'web_search', query: '2+2', sources }] };
    });
    const agents = ['a', 'b']
      .map(
        (name) =>
          `  - id: agent-${name}\n    backend:\n      type: grok\n      model: grok-4-fast\n      base_url: "${setup.server.url}"\n      api_key: upstream-key\n      enable_web_search: true\n`,
      )
      .join('');
    writeFileSync(path.join(setup.directory, 'cited.yaml'), `agents:\n${agents}`);
    const server = await startServe(['--config', 'cited.yaml', '--no-record']);
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'unused', maxRetries: 0 });
    const cited = 'The answer is 4.\n\nSources:\n- https://example.com/arithmetic';

    const completion = await client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    expect(completion.choices[0]?.message.content).toBe(cited);

    const content = await streamedContent(client, {
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
    });
    expect(content).toBe(cited);
  });
});
