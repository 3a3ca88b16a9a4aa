import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest } from '@massgen/testing';
import { startServe, stopServes } from './serve-process.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const curlPath = ['/usr/bin/curl', '/usr/local/bin/curl', '/bin/curl'].find((candidate) => existsSync(candidate));
const serverKey = 'serve-message-key';
const message = 'Answer in words, not digits.';
const team = createTeamResponder({ answer: 'Four.', finalText: 'The answer is four.' });
const carries = (request: FakeChatRequest): boolean => JSON.stringify(request.messages).includes(message);

// Every agent's turn hangs until it carries the person's message: only the message moves the run on.
const setup = useFakeServerDirectory('serve-messages', {
  server: () => ({
    responder: (request, context) =>
      request.tools.length > 0 && !carries(request) ? { type: 'stall', afterChunks: 0 } : team(request, context),
  }),
});
beforeEach(() => {
  const agents = ['a', 'b']
    .map(
      (name) =>
        `  - id: agent-${name}\n    backend: { type: chatcompletion, model: model-${name}, base_url: "${setup.server.url}", api_key: k }\n`,
    )
    .join('');
  writeFileSync(path.join(setup.directory, 'team.yaml'), `agents:\n${agents}`);
});

afterEach(async () => {
  await stopServes();
});

function curl(args: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      curlPath ?? 'curl',
      ['--silent', '--show-error', '--write-out', '\n%{http_code}', ...args],
      { encoding: 'utf8' },
      (error, stdout) => {
        if (error !== null) return reject(new Error(`curl failed: ${error.message}`));
        const cut = stdout.lastIndexOf('\n');
        resolve({ status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) });
      },
    );
  });
}

/** Posts `data` to a completion's messages `url` with the server's key. */
function postMessage(url: string, data: string, headers: string[] = []): Promise<{ status: number; body: string }> {
  return curl(['-X', 'POST', '-H', `Authorization: Bearer ${serverKey}`, ...headers, '--data', data, url]);
}

describe.skipIf(curlPath === undefined)('massgen serve: messages to a running completion (needs curl)', () => {
  it('takes a message for a streamed completion by its id, and every agent’s next request carries it', async () => {
    const serve = await startServe(setup.directory, ['--config', 'team.yaml', '--api-key', serverKey]);
    const client = new OpenAI({ baseURL: `${serve.url}/v1`, apiKey: serverKey });
    const stream = await client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
      stream: true,
    });
    let answer = '';
    let completionId = '';
    const progress: Array<{ type: string; text?: string }> = [];
    let sent: Promise<{ status: number; body: string }> | undefined;
    for await (const chunk of stream) {
      completionId = chunk.id;
      answer += chunk.choices[0]?.delta.content ?? '';
      const event = (chunk as unknown as { massgen?: { event?: { type: string; text?: string } } }).massgen?.event;
      if (event !== undefined) progress.push(event);
      // Both agents are working (and hanging) once both have started: now the person speaks.
      if (sent === undefined && progress.filter((each) => each.type === 'agent-start').length === 2) {
        sent = postMessage(
          `${serve.url}/v1/chat/completions/${completionId}/messages`,
          JSON.stringify({ content: message }),
          ['-H', 'content-type: application/json'],
        );
      }
    }
    const accepted = await sent;
    expect(accepted?.status).toBe(202);
    expect(JSON.parse(accepted?.body ?? '{}')).toEqual({
      object: 'massgen.message',
      completion_id: completionId,
      to: ['agent-a', 'agent-b'],
      status: 'accepted',
    });
    expect(answer).toBe('The answer is four.');
    expect(progress).toContainEqual(expect.objectContaining({ type: 'human-message', text: message }));
    for (const model of ['model-a', 'model-b']) {
      const turns = setup.server.requests.filter((request) => request.model === model && request.tools.length > 0);
      expect(carries(turns[0]!)).toBe(false);
      expect(carries(turns.at(-1)!)).toBe(true);
    }

    // Once the completion has finished, its id takes no more messages.
    const late = await postMessage(
      `${serve.url}/v1/chat/completions/${completionId}/messages`,
      JSON.stringify({ content: 'too late' }),
    );
    expect(late.status).toBe(404);
    expect(JSON.parse(late.body)).toMatchObject({ error: { code: 'completion_not_running' } });
  });

  it('refuses a message without the key, an empty one, and one for an agent the team does not have', async () => {
    const serve = await startServe(setup.directory, ['--config', 'team.yaml', '--api-key', serverKey]);
    const url = `${serve.url}/v1/chat/completions/chatcmpl-unknown/messages`;
    const unauthorised = await curl(['-X', 'POST', '--data', JSON.stringify({ content: message }), url]);
    expect(unauthorised.status).toBe(401);
    const empty = await postMessage(url, '{"content":" "}');
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body)).toMatchObject({ error: { code: 'invalid_message', param: 'content' } });
    const unknown = await postMessage(url, JSON.stringify({ content: message }));
    expect(unknown.status).toBe(404);

    // An agent the running team lacks is named in the answer, with the team's agents.
    const client = new OpenAI({ baseURL: `${serve.url}/v1`, apiKey: serverKey });
    const stream = await client.chat.completions.create({
      model: 'massgen',
      messages: [{ role: 'user', content: 'What is 2+2?' }],
      stream: true,
    });
    let wrongAgent: { status: number; body: string } | undefined;
    for await (const chunk of stream) {
      if (wrongAgent !== undefined) continue;
      const messages = `${serve.url}/v1/chat/completions/${chunk.id}/messages`;
      const post = (body: object) => postMessage(messages, JSON.stringify(body));
      wrongAgent = await post({ content: message, agent: 'agent-z' });
      // The run goes on once a message that reaches its agents arrives.
      expect((await post({ content: message })).status).toBe(202);
    }
    expect(wrongAgent?.status).toBe(400);
    expect(JSON.parse(wrongAgent?.body ?? '{}')).toMatchObject({
      error: { code: 'unknown_agent', param: 'agent', message: expect.stringContaining('agent-a, agent-b') },
    });
  });
});
